package io.forkscope.junit;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Makes sure the forkscope agent records this JVM in the unit a test asks for, and says what is
 * wrong when it cannot. In order:
 *
 * <ol>
 *   <li>An agent already runs (started with {@code -javaagent}, or loaded here earlier): its API
 *       classes are in the bootstrap loader. It must record in the unit asked for: a JVM records in
 *       one unit, fixed when the agent starts.
 *   <li>None runs, loading one is allowed (system property {@value #ATTACH}, default true) and the
 *       JVM lets its own code attach to it ({@code -Djdk.attach.allowAttachSelf=true}): the agent jar
 *       ({@link AgentJar}) is loaded once ({@link AgentAttacher}) with {@code unit=} the one asked
 *       for. The agent itself refuses when that would be unsound (fork/join or forkscope's API
 *       loaded already: JUnit's discovery verifies every test class first, and a test method that
 *       hands a task to a pool makes the verifier load ForkJoinTask) and says why through the
 *       system property {@value #STATUS}. A refusal or failure is final for the JVM.
 *   <li>Loading is not allowed: the hooks a test installed itself, if any, are used; else the
 *       message gives the argLine that starts the agent with the JVM.
 * </ol>
 *
 * Synchronised: JUnit may run tests in parallel, and the agent is loaded at most once.
 */
final class AgentAccess {
    /** System property: {@code false} keeps the extension from loading the agent itself. */
    static final String ATTACH = "forkscope.junit.attach";
    /** System property: extra agent options for the agent the extension loads ({@code sites=true,burden=100}). */
    static final String AGENT_OPTIONS = "forkscope.agent.options";
    /** System property the agent's late start reports in (the recorder's LateAttach). */
    static final String STATUS = "forkscope.agent.status";
    private static final String BRIDGE = "io.forkscope.spi.RecorderBridge";

    /** Why loading the agent failed (final), or null. */
    private static String loadFailure;
    private static boolean loaded;

    private AgentAccess() {}

    /** @return null when the agent records this JVM in {@code unit}, else what the test should say */
    static synchronized String ready(Parallelism.Unit unit) {
        if (!agentStarted() && !loaded && loadFailure == null && attachAllowed()) {
            if (!AgentAttacher.selfAttachAllowed()) {
                return "no forkscope agent records this JVM, and the extension cannot load one: the JVM was started"
                        + " without -D" + AgentAttacher.ALLOW_SELF + "=true. " + argLineHint(unit);
            }
            loadFailure = load(unit);
            loaded = loadFailure == null;
        }
        if (loadFailure != null) {
            return "@Parallelism could not load the forkscope agent into this JVM: " + loadFailure + ". "
                    + argLineHint(unit);
        }
        String recorded = agentStarted() || !attachAllowed() ? RecorderUnit.current() : null;
        if (recorded == null) {
            if (!agentStarted()) {
                return "no forkscope agent records this JVM. " + argLineHint(unit);
            }
            return RecorderUnit.recording() ? "the forkscope agent in this JVM measures no spans (mode=regions)"
                    : "the forkscope agent in this JVM is not recording: it could not start, or stopped after an internal"
                            + " error (its line on stderr, starting with 'forkscope:', says why)";
        }
        if (!recorded.equals(unit.optionName())) {
            return "@Parallelism asks for unit " + unit.optionName() + ", and the forkscope agent in this JVM records in "
                    + recorded + " (" + (loaded ? "loaded by an earlier test that asked for it" : "its -javaagent options")
                    + "); a JVM records in one unit: give these tests the same unit, or run them in a JVM whose agent has"
                    + " unit=" + unit.optionName();
        }
        return null;
    }

    /** The one-line fix, for every message that ends in "no agent". */
    static String argLineHint(Parallelism.Unit unit) {
        return "Start the test JVM with the agent, e.g. surefire's"
                + " <argLine>-javaagent:${io.forkscope:forkscope-junit:jar}=unit=" + unit.optionName() + "</argLine>"
                + " (the path from maven-dependency-plugin's properties goal)";
    }

    /** Whether the agent's API is in the bootstrap loader: an agent started in this JVM. */
    private static boolean agentStarted() {
        try {
            Class.forName(BRIDGE, false, null);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static boolean attachAllowed() {
        return !"false".equalsIgnoreCase(System.getProperty(ATTACH, "true").trim());
    }

    /** Loads the agent; @return null when it records, else why not */
    private static String load(Parallelism.Unit unit) {
        Path jar;
        try {
            jar = AgentJar.locate();
        } catch (IllegalStateException e) {
            return e.getMessage();
        }
        Path out = recordingPath(ProcessHandle.current().pid());
        String options = "unit=" + unit.optionName() + ",out=" + out;
        String extra = System.getProperty(AGENT_OPTIONS);
        if (extra != null && !extra.isBlank()) {
            options += "," + extra.trim();    // the agent takes the last value of an option
        }
        System.clearProperty(STATUS);
        String failure = AgentAttacher.load(jar, options);
        String status = System.getProperty(STATUS);
        if (status == null) {
            return failure != null ? failure : "the agent did not say whether it started";
        }
        if (!status.equals("recording")) {
            return "the agent " + status;
        }
        return null;
    }

    /** target/forkscope-junit-PID.fsk in a Maven module's directory, else in the temporary directory. */
    static Path recordingPath(long pid) {
        String name = "forkscope-junit-" + pid + ".fsk";
        Path target = Path.of("target");
        return (Files.isDirectory(target) ? target : Path.of(System.getProperty("java.io.tmpdir")))
                .resolve(name).toAbsolutePath();
    }
}
