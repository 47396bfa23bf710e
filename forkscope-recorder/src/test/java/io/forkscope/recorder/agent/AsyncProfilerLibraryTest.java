package io.forkscope.recorder.agent;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which bundled library a platform takes (the directories of async-profiler's Maven jar). */
class AsyncProfilerLibraryTest {
    @Test
    void platformsOfTheBundledLibraries() {
        assertThat(AsyncProfilerLibrary.platform("Linux", "amd64")).isEqualTo("linux-x64");
        assertThat(AsyncProfilerLibrary.platform("Linux", "x86_64")).isEqualTo("linux-x64");
        assertThat(AsyncProfilerLibrary.platform("Linux", "aarch64")).isEqualTo("linux-arm64");
        assertThat(AsyncProfilerLibrary.platform("Mac OS X", "aarch64")).isEqualTo("macos");
        assertThat(AsyncProfilerLibrary.platform("Mac OS X", "x86_64")).isEqualTo("macos");
        assertThat(AsyncProfilerLibrary.platform("Windows 11", "amd64")).isNull();
        assertThat(AsyncProfilerLibrary.platform("Linux", "riscv64")).isNull();
    }

    @Test
    void noAsyncProfilerInAPlainTestJvm() {
        assertThat(AsyncProfilerLibrary.anotherAsyncProfiler(null)).isNull();
    }
}
