package io.forkscope.recorder.fj;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The size rule and the weaving of the running JDK's ForkJoinWorkerThread; WorkerStackIT checks the
 * stack every kind of worker really gets, on JDK 17 and 25.
 */
class WorkerStackTest {
    @AfterEach
    void keepTheDefault() {
        WorkerStack.impose(0);
    }

    @Test
    void fourTimesTheDefaultButAHugeDefaultIsNotMultiplied() {
        assertThat(WorkerStack.scaled(1L << 20)).isEqualTo(4L << 20);
        assertThat(WorkerStack.scaled(512L << 10)).isEqualTo(2L << 20);
        assertThat(WorkerStack.scaled(1L << 30)).isEqualTo((1L << 30) + (256L << 20));
        assertThat(WorkerStack.scaled(0)).isZero();
        assertThat(WorkerStack.scaled(-1)).isZero();
    }

    @Test
    void onlyTheDefaultSizeIsReplaced() {
        assertThat(WorkerStack.stackSize(0)).isZero();
        WorkerStack.impose(8L << 20);
        assertThat(WorkerStack.stackSize(0)).isEqualTo(8L << 20);
        assertThat(WorkerStack.stackSize(123_456)).isEqualTo(123_456);
    }

    @Test
    void theRunningJdksWorkerClassIsWoven() throws Exception {
        byte[] original;
        try (InputStream in = ClassLoader.getSystemResourceAsStream(WorkerStackWeaver.WORKER + ".class")) {
            original = in.readAllBytes();
        }
        byte[] woven = WorkerStackWeaver.weave(original);
        assertThat(woven).isNotNull().isNotEqualTo(original);
        assertThat(new String(woven, java.nio.charset.StandardCharsets.ISO_8859_1))
                .contains("io/forkscope/recorder/fj/WorkerStack");
    }

    @Test
    void aClassWithoutAThreadConstructorCallIsLeftAlone() throws Exception {
        byte[] original;
        try (InputStream in = ClassLoader.getSystemResourceAsStream("java/util/concurrent/RecursiveTask.class")) {
            original = in.readAllBytes();
        }
        assertThat(WorkerStackWeaver.weave(original)).isNull();
    }
}
