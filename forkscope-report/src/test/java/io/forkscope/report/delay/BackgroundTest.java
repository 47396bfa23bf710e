package io.forkscope.report.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * {@link Background}: the value computed on the other thread; what the computation throws, thrown by
 * {@link Background#get} as it was (never a wait for a thread that died); an interrupt of the caller
 * neither loses the value nor the flag.
 */
class BackgroundTest {

    @Test
    void givesTheValueComputedOnAnotherThread() throws IOException {
        Thread caller = Thread.currentThread();
        Background<Thread> b = Background.start(Thread::currentThread, "test background");
        Thread ran = b.get();
        assertThat(ran).isNotSameAs(caller);
        assertThat(ran.getName()).isEqualTo("test background");
        assertThat(ran.isDaemon()).isTrue();
    }

    @Test
    void anErrorIsThrownToTheCallerAsItWas() {
        OutOfMemoryError oom = new OutOfMemoryError("Java heap space (test)");
        Background<Object> b = Background.start(() -> {
            throw oom;
        }, "test");
        assertThatThrownBy(b::get).isSameAs(oom);
    }

    @Test
    void anUncheckedOrIoExceptionIsThrownAsItWas() {
        IllegalStateException ise = new IllegalStateException("broken");
        assertThatThrownBy(Background.start(() -> {
            throw ise;
        }, "test")::get).isSameAs(ise);
        IOException io = new IOException("disk");
        assertThatThrownBy(Background.start(() -> {
            throw io;
        }, "test")::get).isSameAs(io);
        Exception other = new Exception("checked");
        assertThatThrownBy(Background.start(() -> {
            throw other;
        }, "test")::get).isInstanceOf(IOException.class).hasCause(other);
    }

    @Test
    void anInterruptedCallerStillGetsTheValueAndKeepsItsFlag() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        Background<String> b = Background.start(() -> {
            go.await();
            return "done";
        }, "test");
        Thread.currentThread().interrupt();
        Thread release = new Thread(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            go.countDown();
        });
        release.start();
        assertThat(b.get()).isEqualTo("done");
        assertThat(Thread.interrupted()).isTrue();     // and clears it for the next test
        release.join();
    }
}
