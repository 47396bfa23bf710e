package io.forkscope.junit;

import io.forkscope.junit.attach.AttachMain;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Loads an agent into this JVM from a helper process ({@link AttachMain}, run on this JVM's own
 * java): a JVM may attach to itself only when started with -Djdk.attach.allowAttachSelf=true,
 * while another process may attach to it unless it runs with -XX:+DisableAttachMechanism. The
 * helper needs the jdk.attach module, which JDKs have and a bare JRE may not. JDK 21 and later
 * print a warning about the agent on this JVM's stderr (JEP 451) unless it was started with
 * -XX:+EnableDynamicAgentLoading.
 */
final class AgentAttacher {
    private static final long TIMEOUT_S = 60;

    private AgentAttacher() {}

    /**
     * Returns when the agent's agentmain has returned (the attach API waits for it).
     *
     * @return null when the helper loaded the agent, else what went wrong
     */
    static String load(Path agentJar, String options) {
        List<String> cmd;
        try {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            String classes = Path.of(AttachMain.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
            cmd = List.of(java, "-cp", classes, AttachMain.class.getName(), Long.toString(ProcessHandle.current().pid()),
                    agentJar.toString(), options);
        } catch (URISyntaxException | RuntimeException e) {
            return "cannot start the process that loads the agent: " + e;
        }
        try {
            File log = File.createTempFile("forkscope-attach-", ".txt");
            try {
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log).start();
                if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return "the process that loads the agent did not finish in " + TIMEOUT_S + " s";
                }
                String said = java.nio.file.Files.readString(log.toPath(), StandardCharsets.UTF_8).strip();
                return p.exitValue() == 0 ? null
                        : "loading it failed" + (said.isEmpty() ? " (exit " + p.exitValue() + ")" : ": " + said);
            } finally {
                log.delete();
            }
        } catch (IOException e) {
            return "cannot start the process that loads the agent: " + e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while loading the agent";
        }
    }
}
