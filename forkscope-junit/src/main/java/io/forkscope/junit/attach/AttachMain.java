package io.forkscope.junit.attach;

import com.sun.tools.attach.VirtualMachine;

/**
 * The helper process of forkscope-junit's AgentAttacher: attaches to the test JVM and loads the
 * agent into it. {@code AttachMain PID AGENT_JAR OPTIONS}; exit 0 when the agent's agentmain ran
 * (whether the agent then started, the agent reports in the test JVM itself), else 1 with one line
 * on stderr. Refers to nothing but the JDK, so that it runs from this module's jar alone.
 */
public final class AttachMain {
    private AttachMain() {}

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: AttachMain PID AGENT_JAR OPTIONS");
            System.exit(2);
        }
        try {
            VirtualMachine vm = VirtualMachine.attach(args[0]);
            try {
                vm.loadAgent(args[1], args[2]);
            } finally {
                vm.detach();
            }
        } catch (Exception | LinkageError e) {
            System.err.println(e instanceof LinkageError ? "this JVM has no attach API (module jdk.attach): " + e : e.toString());
            System.exit(1);
        }
    }
}
