package io.forkscope;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.spi.RecorderBridge;
import io.forkscope.spi.RecorderHooks;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ForkscopeWithoutAgentTest {
    @AfterEach
    void uninstall() {
        RecorderBridge.install(null);
    }

    @Test
    void callsAreNoOpsWithoutARecorder() {
        assertThat(Forkscope.isRecording()).isFalse();
        try (Region r = Forkscope.region("x")) {
            Forkscope.work(5);
            assertThat(r).isSameAs(Region.NONE);
        }
    }

    @Test
    void callsReachAnInstalledRecorderAndCloseIsIdempotent() {
        List<String> calls = new ArrayList<>();
        RecorderBridge.install(new RecorderHooks() {
            @Override public Object regionStart(String label) { calls.add("start " + label); return label + "#1"; }
            @Override public void regionStop(Object token) { calls.add("stop " + token); }
            @Override public void work(long units) { calls.add("work " + units); }
        });
        Region r = Forkscope.region("sort");
        Forkscope.work(7);
        r.close();
        r.close();
        assertThat(calls).containsExactly("start sort", "work 7", "stop sort#1");
        assertThat(Forkscope.isRecording()).isTrue();
    }
}
