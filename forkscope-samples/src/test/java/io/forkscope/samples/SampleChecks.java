package io.forkscope.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

/** Runs a sample at a small size serially and on 2 and 4 workers, asserting a correct result. */
final class SampleChecks {
    private SampleChecks() {}

    /** @return the outcomes: serial, 2 workers, 4 workers */
    static List<Outcome> runEverywhere(String name, int n, int cutoff) {
        Sample sample = Samples.get(name);
        RunConfig base = new RunConfig(n, cutoff, false, 2, 1);
        List<Outcome> outcomes = new ArrayList<>();
        for (RunConfig config : List.of(base.withSerial(true), base, base.withWorkers(4))) {
            Outcome outcome = sample.run(config);
            assertThat(outcome.correct()).as("%s %s: %s", name, config.mode(), outcome.summary()).isTrue();
            assertThat(outcome.kernelNanos()).hasSize(1);
            assertThat(outcome.program()).isEqualTo(name);
            outcomes.add(outcome);
        }
        return outcomes;
    }

    /** Like {@link #runEverywhere}, and the result summary must not depend on the mode. */
    static String assertDeterministic(String name, int n, int cutoff) {
        List<Outcome> outcomes = runEverywhere(name, n, cutoff);
        String serial = outcomes.get(0).summary();
        for (Outcome o : outcomes) {
            assertThat(o.summary()).as("%s %s", name, o.config().mode()).isEqualTo(serial);
        }
        return serial;
    }
}
