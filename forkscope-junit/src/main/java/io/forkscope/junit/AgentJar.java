package io.forkscope.junit;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Finds the agent jar (forkscope.jar) to load: the one named by the system property
 * {@value #PROPERTY}, else the copy this module's jar carries as {@value #RESOURCE} (written to a
 * temporary file, deleted at exit; the JVM has it open by then).
 */
final class AgentJar {
    static final String PROPERTY = "forkscope.agent";
    static final String RESOURCE = "/META-INF/forkscope/agent/forkscope.jar";

    private AgentJar() {}

    /** @throws IllegalStateException saying what is missing */
    static Path locate() {
        String named = System.getProperty(PROPERTY);
        if (named != null && !named.isBlank()) {
            Path jar = Path.of(named.trim());
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException("-D" + PROPERTY + "=" + named + " is not a file");
            }
            return jar;
        }
        URL url = AgentJar.class.getResource(RESOURCE);
        if (url == null) {
            throw new IllegalStateException("forkscope-junit carries no agent jar (" + RESOURCE + "), and -D" + PROPERTY
                    + "=/path/to/forkscope.jar names none");
        }
        try {
            if (url.getProtocol().equals("file")) {     // this module's own classes directory
                return Path.of(url.toURI());
            }
            Path copy = Files.createTempFile("forkscope-agent-", ".jar");
            copy.toFile().deleteOnExit();
            try (InputStream in = url.openStream()) {
                Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            }
            return copy;
        } catch (IOException | URISyntaxException e) {
            throw new IllegalStateException("cannot write the agent jar to a temporary file: " + e);
        }
    }
}
