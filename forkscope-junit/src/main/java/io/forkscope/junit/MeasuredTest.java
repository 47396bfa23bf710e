package io.forkscope.junit;

import io.forkscope.Forkscope;
import io.forkscope.Measurement;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.InvocationInterceptor.Invocation;
import org.opentest4j.AssertionFailedError;

/**
 * Runs a test body as a region ({@link Forkscope#measure}) and fails the test when its parallelism
 * falls short ({@link ParallelismVerdict}). The body's own failure comes first: it ends the
 * region and is rethrown as it was, with no verdict on the parallelism.
 */
final class MeasuredTest {
    private MeasuredTest() {}

    static void run(String test, Thresholds t, Invocation<Void> invocation) throws Throwable {
        Throwable[] thrown = new Throwable[1];
        Measurement m = Forkscope.measure(test, () -> {
            try {
                invocation.proceed();
            } catch (Throwable e) {
                thrown[0] = e;
            }
        });
        if (thrown[0] != null) {
            throw thrown[0];
        }
        judge(test, t, m);
    }

    /** Fails unless {@code m} was measured, in the unit asked for, with the parallelism asked for. */
    static void judge(String test, Thresholds t, Measurement m) {
        if (!m.isMeasured()) {
            throw new ExtensionConfigurationException(test + ": @Parallelism measured nothing: " + m.notMeasuredReason());
        }
        if (!m.unit().equals(t.unit().optionName())) {   // AgentAccess checked it: the agent cannot change unit
            throw new ExtensionConfigurationException(test + ": measured in unit " + m.unit() + ", @Parallelism asks for "
                    + t.unit().optionName());
        }
        String failure = ParallelismVerdict.failure(test, t, m);
        if (failure != null) {
            throw new AssertionFailedError(failure);
        }
    }
}
