package io.forkscope.analysis.scaling;

import io.forkscope.model.RegionRecord;
import io.forkscope.model.WholeRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reduces one benchmark run to one time per section. A program that repeats its kernel in-process
 * closes the same region several times; the first {@code warmup} occurrences run with a cold JIT
 * and are dropped (but never all of them: at least the last one is kept), and the section's time is
 * the median of the rest. A run without regions is one section, the whole run ("").
 */
public final class RepetitionTimes {
    private RepetitionTimes() {}

    /**
     * One section's time in one run.
     *
     * @param region      the label, "" for the whole run
     * @param timeNs      the median of the kept occurrences' elapsed times (rounded to a nanosecond)
     * @param kept        how many occurrences that median is over
     * @param dropped     how many first occurrences were dropped as warm-up
     */
    public record SectionTime(String region, long timeNs, int kept, int dropped) {
        /** @return how many times the section occurred in the run */
        public int occurrences() {
            return kept + dropped;
        }
    }

    /**
     * @param regions the run's closed regions, in the order they closed
     * @param whole   the run's whole-run block, used when there is no region
     * @param warmup  how many first occurrences of each region to drop
     * @return one time per region label, in the order of first closing; or the whole run alone
     */
    public static List<SectionTime> reduce(List<RegionRecord> regions, WholeRun whole, int warmup) {
        if (warmup < 0) {
            throw new IllegalArgumentException("warm-up must not be negative, got " + warmup);
        }
        Map<String, List<Long>> byLabel = new LinkedHashMap<>();
        for (RegionRecord r : regions) {
            String label = r.label() == null || r.label().isEmpty() ? "?" : r.label();
            byLabel.computeIfAbsent(label, k -> new ArrayList<>()).add(r.measures().elapsedNs());
        }
        List<SectionTime> out = new ArrayList<>();
        if (byLabel.isEmpty()) {
            out.add(new SectionTime("", whole.measures().elapsedNs(), 1, 0));
            return out;
        }
        for (Map.Entry<String, List<Long>> e : byLabel.entrySet()) {
            List<Long> all = e.getValue();
            int dropped = Math.min(warmup, all.size() - 1);
            List<Long> kept = all.subList(dropped, all.size());
            out.add(new SectionTime(e.getKey(), Math.round(Stats.median(kept)), kept.size(), dropped));
        }
        return out;
    }
}
