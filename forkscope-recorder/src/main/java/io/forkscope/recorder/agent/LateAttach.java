package io.forkscope.recorder.agent;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.Set;

/**
 * The agent loaded into a running JVM ({@code Agent-Class}, e.g. by forkscope-junit's extension),
 * which is sound only in one situation: nothing of fork/join and nothing of forkscope's boot jar has
 * been loaded yet. Then the JVM is, for the recorder, where premain would find it: ForkJoinTask
 * can still gain its field and its TaskHandle interface when it is first defined (a class already
 * loaded can only be retransformed, which may change method bodies and nothing else), no subclass
 * of it exists that ComputeWeaver missed, and the boot jar's classes get their one copy in the
 * bootstrap loader (Premain's invariant: a copy the system loader made first, say of the API's
 * {@code RecorderBridge}, would keep the program's calls from ever reaching the hooks). Otherwise
 * it refuses, changes nothing, and says why: the JVM must then start with -javaagent.
 *
 * <p>What a late start does not see: call sites of application classes loaded before it (they are
 * not woven; the classes loaded later are), and everything the program did before it.
 *
 * <p>It reports its outcome in the system property {@value #STATUS} ({@code recording}, or
 * {@code not started: REASON}), which the attaching side reads once the attach returned: no class
 * need be shared between the agent's loader and the attaching code's.
 */
final class LateAttach {
    /** The system property that says how the late start went. */
    static final String STATUS = "forkscope.agent.status";
    static final String RECORDING = "recording";
    /** The fork/join classes the recorder weaves when they are defined. */
    private static final Set<String> FORK_JOIN = Set.of("java.util.concurrent.ForkJoinTask",
            "java.util.concurrent.ForkJoinPool", "java.util.concurrent.CountedCompleter");

    private LateAttach() {}

    static void start(String options, Instrumentation inst, Path agentJar) {
        String refusal;
        try {
            refusal = refusal(inst.getAllLoadedClasses(), BootClasses.names(agentJar, Premain.BOOT_JAR));
        } catch (Exception e) {
            refusal = "cannot read " + agentJar + ": " + e;
        }
        if (refusal != null) {
            System.err.println("forkscope: not started in this running JVM: " + refusal);
            System.setProperty(STATUS, "not started: " + refusal);
            return;
        }
        String failure = Premain.start(options, inst, agentJar);
        System.setProperty(STATUS, failure == null ? RECORDING : "not started: " + failure);
    }

    /**
     * @param loaded    every class the JVM has loaded
     * @param bootClass the classes of the boot jar
     * @return why the recorder cannot start now, or null when it can
     */
    static String refusal(Class<?>[] loaded, Set<String> bootClass) {
        for (Class<?> c : loaded) {
            String name = c.getName();
            if (FORK_JOIN.contains(name)) {
                return name + " is already loaded, and the recorder must weave it as it loads (add the field"
                        + " that ties a task to its node): start the JVM with -javaagent:forkscope.jar";
            }
            if (bootClass.contains(name)) {
                return name.equals("io.forkscope.spi.RecorderBridge") && c.getClassLoader() == null
                        ? "a forkscope agent is already recording this JVM"
                        : name + " is already loaded (by " + c.getClassLoader() + "), so the program's calls to the"
                                + " forkscope API could not reach the recorder: start the JVM with -javaagent:forkscope.jar";
            }
        }
        return null;
    }
}
