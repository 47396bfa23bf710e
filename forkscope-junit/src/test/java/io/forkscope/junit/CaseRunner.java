package io.forkscope.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Map;
import java.util.TreeMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs one test class through the JUnit Platform launcher, as a build tool would, and keeps each
 * test's outcome: {@code SUCCESSFUL}, or {@code FAILED ExceptionClass: message}. Used in-process by
 * the unit tests and, as {@link #main}, in a child JVM with the agent by the end-to-end test.
 */
public final class CaseRunner {
    /** Whether a run is under way: the case classes run only then (see {@link #running()}). */
    private static volatile boolean running;

    private CaseRunner() {}

    /**
     * For {@code @EnabledIf("io.forkscope.junit.CaseRunner#running")} on case classes: they fail
     * on purpose, so a build tool that finds them (say through -Dtest=Parallelism*) must skip them.
     */
    public static boolean running() {
        return running;
    }

    /** @return outcome by test name ({@code method()} or, for repetitions, its display name) */
    static Map<String, String> run(Class<?> cases) {
        Map<String, String> outcomes = new TreeMap<>();
        Launcher launcher = LauncherFactory.create();
        running = true;
        try {
            execute(launcher, cases, outcomes);
        } finally {
            running = false;
        }
        return outcomes;
    }

    private static void execute(Launcher launcher, Class<?> cases, Map<String, String> outcomes) {
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(cases)).build(),
                new TestExecutionListener() {
                    @Override
                    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                        if (id.isTest()) {
                            outcomes.put(id.getDisplayName(), result.getStatus() + result.getThrowable()
                                    .map(t -> " " + t.getClass().getName() + ": " + t.getMessage()).orElse(""));
                        }
                    }
                });
    }

    /**
     * {@code CaseRunner CLASS}: prints each outcome as {@code ==> NAME} then its text, and
     * {@code ==END} last, for the parent to read back, in UTF-8 whatever the locale (a messages' "16×"
     * came back as "16?" where the locale is POSIX, as for a CI user without LANG).
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> outcomes = run(Class.forName(args[0]));
        java.io.PrintStream out = new java.io.PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out),
                true, java.nio.charset.StandardCharsets.UTF_8);
        for (Map.Entry<String, String> e : outcomes.entrySet()) {
            out.println("==> " + e.getKey());
            out.println(e.getValue());
        }
        out.println("==END");
    }
}
