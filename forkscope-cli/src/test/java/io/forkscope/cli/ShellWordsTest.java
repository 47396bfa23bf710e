package io.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The commands forkscope suggests can be pasted into a shell: paths with spaces or quotes are quoted. */
class ShellWordsTest {
    @Test
    void plainWordsStayAndOthersAreQuotedSoAShellReadsThemBack() {
        assertThat(ShellWords.quote("/tmp/run-1.fsk")).isEqualTo("/tmp/run-1.fsk");
        assertThat(ShellWords.quote("/tmp/my runs/a.fsk")).isEqualTo("'/tmp/my runs/a.fsk'");
        assertThat(ShellWords.quote("it's.fsk")).isEqualTo("'it'\\''s.fsk'");
        assertThat(ShellWords.quote("$HOME/a.fsk")).isEqualTo("'$HOME/a.fsk'");
        assertThat(ShellWords.quote("")).isEqualTo("''");
    }
}
