package io.forkscope.junit;

import com.sun.tools.attach.VirtualMachine;
import java.nio.file.Path;

/**
 * Loads an agent into this JVM through the attach API, from this JVM itself. The JDK allows that
 * only when the JVM was started with {@value #ALLOW_SELF}=true (read once, at start-up). The usual
 * way around it, a helper process that attaches from outside, cannot serve here: starting any
 * process loads CompletableFuture, and with it ForkJoinPool and ForkJoinTask (the JDK's ProcessImpl
 * completes a future when the process exits), which the recorder must weave as they are first
 * loaded. Needs the jdk.attach module (a JDK has it, a bare JRE may not). JDK 21 and later print
 * a warning about the agent on stderr (JEP 451) unless the JVM runs with
 * -XX:+EnableDynamicAgentLoading.
 */
final class AgentAttacher {
    static final String ALLOW_SELF = "jdk.attach.allowAttachSelf";

    private AgentAttacher() {}

    /** Whether this JVM lets its own code attach to it. */
    static boolean selfAttachAllowed() {
        String v = System.getProperty(ALLOW_SELF);
        return v != null && (v.isEmpty() || Boolean.parseBoolean(v));
    }

    /**
     * Returns when the agent's agentmain has returned (the attach API waits for it).
     *
     * @return null when the agent's agentmain ran, else what went wrong
     */
    static String load(Path agentJar, String options) {
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
            try {
                vm.loadAgent(agentJar.toString(), options);
            } finally {
                vm.detach();
            }
            return null;
        } catch (LinkageError e) {
            return "this JVM has no attach API (module jdk.attach): " + e;
        } catch (Exception e) {
            return "attaching to this JVM failed: " + e;
        }
    }
}
