package io.forkscope.recorder.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFileTest {
    @TempDir
    Path dir;

    @Test
    void aMissingDirectoryIsNotCreated() {
        Path wanted = dir.resolve("typo").resolve("deeper").resolve("r.fsk");
        assertThatThrownBy(() -> OutputFile.open(wanted, false, 42)).isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining(dir.resolve("typo").resolve("deeper").toString());
        assertThat(dir.resolve("typo")).doesNotExist();
    }

    @Test
    void aTakenNameGoesToTheFileWithThePid() throws Exception {
        Path wanted = dir.resolve("r.fsk");
        Files.writeString(wanted, "kept");
        OutputFile.Opened opened = OutputFile.open(wanted, false, 42);
        opened.stream().close();
        assertThat(opened.path()).isEqualTo(dir.resolve("r-42.fsk"));
        assertThat(Files.readString(wanted)).isEqualTo("kept");
    }
}
