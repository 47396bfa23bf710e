package io.forkscope.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the extension finds the agent jar to load, and where the loaded agent's recording goes. */
class AgentJarTest {
    @AfterEach
    void clear() {
        System.clearProperty(AgentJar.PROPERTY);
    }

    @Test
    void theNamedJarWinsAndAMissingOneIsSaid(@TempDir Path dir) throws Exception {
        Path jar = Files.writeString(dir.resolve("forkscope.jar"), "not really a jar");
        System.setProperty(AgentJar.PROPERTY, jar.toString());
        assertThat(AgentJar.locate()).isEqualTo(jar);
        System.setProperty(AgentJar.PROPERTY, dir.resolve("missing.jar").toString());
        assertThatThrownBy(AgentJar::locate).isInstanceOf(IllegalStateException.class)
                .hasMessage("-Dforkscope.agent=" + dir.resolve("missing.jar") + " is not a file");
    }

    @Test
    void theRecordingGoesToTargetInAMavenModule() {
        // surefire runs in this module's directory, which has target/
        assertThat(AgentAccess.recordingPath(42)).isEqualTo(Path.of("target", "forkscope-junit-42.fsk").toAbsolutePath());
    }
}
