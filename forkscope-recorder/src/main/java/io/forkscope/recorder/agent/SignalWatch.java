package io.forkscope.recorder.agent;

import java.util.concurrent.atomic.AtomicReference;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Learns which signal ended the run. The JVM ends on SIGTERM, SIGINT and SIGHUP through a Java
 * handler of its own (java.lang.Terminator: {@code Shutdown.exit(128 + signal)}), which runs the
 * shutdown hooks, the recording's close among them; but a hook cannot tell a signal from a normal
 * end or {@code System.exit}. So, for each of the three, a handler goes before the JVM's: it notes
 * the signal (the first one counts) and hands it on to the handler it replaced, so the program
 * ends exactly as without the agent (same hooks, same exit code 128 + signal).
 *
 * <p>Where the JVM has no Java handler for a signal (it runs with -Xrs, or the signal is ignored,
 * as under nohup), the signal is left as it was: nothing to chain to, and the JVM's behaviour must
 * not change. A program that installs its own handler later replaces this one (it then decides how
 * the run ends, and the recording does not say a signal ended it, unless its handler chains to the
 * one it replaced).
 */
final class SignalWatch {
    static final String[] SIGNALS = {"TERM", "INT", "HUP"};

    private final AtomicReference<String> received = new AtomicReference<>();

    private SignalWatch() {}

    /** Installs the watch on every signal it can chain; never throws (a JDK without sun.misc.Signal watches none). */
    static SignalWatch install() {
        SignalWatch watch = new SignalWatch();
        for (String name : SIGNALS) {
            try {
                watch.watch(new Signal(name));
            } catch (Throwable t) {   // the signal is unknown here or used by the VM (-Xrs): leave it be
                // nothing to watch
            }
        }
        return watch;
    }

    /** @return the signal that started the JVM's shutdown ("SIGTERM"), or null when none did */
    String endedBy() {
        return received.get();
    }

    private void watch(Signal signal) {
        Chained handler = new Chained();
        SignalHandler previous = Signal.handle(signal, handler);
        if (previous == SignalHandler.SIG_DFL || previous == SignalHandler.SIG_IGN
                || String.valueOf(previous).contains("NativeHandler")) {
            Signal.handle(signal, previous);   // no Java handler to chain to: as it was
            return;
        }
        handler.previous = previous;
    }

    /** Notes the signal, then hands it to the handler it replaced. */
    private final class Chained implements SignalHandler {
        volatile SignalHandler previous;

        @Override
        public void handle(Signal signal) {
            received.compareAndSet(null, "SIG" + signal.getName());
            SignalHandler next = previous;
            if (next != null) {
                next.handle(signal);
            } else {
                // came between installing and chaining (at agent start): what the JVM's handler does
                Runtime.getRuntime().exit(128 + signal.getNumber());
            }
        }
    }
}
