package io.forkscope.recorder.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * When a late start (an agent loaded into a running JVM) is refused: fork/join already loaded, or a
 * class of the boot jar already loaded by another loader, or an agent already recording.
 */
class LateAttachTest {
    private static final Set<String> BOOT = Set.of("io.forkscope.Forkscope", "io.forkscope.spi.RecorderBridge",
            "io.forkscope.model.WorkSpan");

    @Test
    void aJvmWithoutForkJoinAndWithoutForkscopesClassesMayStartTheRecorder() {
        assertThat(LateAttach.refusal(new Class<?>[] {String.class, java.util.concurrent.ConcurrentHashMap.class,
            java.util.concurrent.ForkJoinPool.ManagedBlocker.class, LateAttach.class}, BOOT)).isNull();
    }

    @Test
    void forkJoinAlreadyLoadedIsRefusedWithTheFix() {
        assertThat(LateAttach.refusal(new Class<?>[] {String.class, java.util.concurrent.ForkJoinTask.class}, BOOT))
                .startsWith("java.util.concurrent.ForkJoinTask is already loaded")
                .contains("-javaagent:forkscope.jar");
        assertThat(LateAttach.refusal(new Class<?>[] {java.util.concurrent.CountedCompleter.class}, BOOT))
                .startsWith("java.util.concurrent.CountedCompleter is already loaded");
    }

    @Test
    void theApiLoadedByTheProgramsLoaderIsRefused() {
        // in this test JVM the API comes from the class path: the system loader's copy
        assertThat(LateAttach.refusal(new Class<?>[] {io.forkscope.spi.RecorderBridge.class}, BOOT))
                .startsWith("io.forkscope.spi.RecorderBridge is already loaded (by ")
                .contains("could not reach the recorder");
    }
}
