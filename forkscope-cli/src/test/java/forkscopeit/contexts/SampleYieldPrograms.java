package forkscopeit.contexts;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.zip.Deflater;

/**
 * Busy workers whose samples can be counted against their own CPU time: a pool of 2 runs a balanced
 * tree of 16 leaves, each of which works until its thread has used X ms of CPU time (so the run uses
 * 16 × X ms of CPU however loaded the machine is). What a leaf does decides what a sampler must walk:
 * {@code clock} reads System.nanoTime() in a loop (JDK 17's JFR sampler can seldom walk it: C2 makes
 * it a leaf call into the VM), {@code compute} is plain arithmetic, {@code native} compresses with
 * java.util.zip.Deflater (JNI into zlib, where JFR's execution sampler does not sample). Args: the
 * kind, X in ms (default 60). Prints one line.
 */
public final class SampleYieldPrograms {
    private SampleYieldPrograms() {}

    static volatile long sink;
    static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    static final class Split extends RecursiveAction {
        private final int leaves;
        private final String kind;
        private final long cpuNs;

        Split(int leaves, String kind, long cpuNs) {
            this.leaves = leaves;
            this.kind = kind;
            this.cpuNs = cpuNs;
        }

        @Override
        protected void compute() {
            if (leaves == 1) {
                long end = THREADS.getCurrentThreadCpuTime() + cpuNs;
                while (THREADS.getCurrentThreadCpuTime() < end) {
                    sink += switch (kind) {
                        case "clock" -> clock();
                        case "native" -> deflate();
                        default -> arithmetic();
                    };
                }
                return;
            }
            invokeAll(new Split(leaves / 2, kind, cpuNs), new Split(leaves - leaves / 2, kind, cpuNs));
        }
    }

    /** About a millisecond of reading the clock. */
    static long clock() {
        long x = 0;
        long end = System.nanoTime() + 1_000_000L;
        while (System.nanoTime() < end) {
            x++;
        }
        return x;
    }

    /** About a millisecond of arithmetic. */
    static long arithmetic() {
        long x = 1;
        for (int i = 0; i < 300_000; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }

    private static final byte[] DATA = new byte[256 * 1024];
    static {
        new Random(1).nextBytes(DATA);
    }

    /** Compresses 256 KiB of random bytes (a few ms in zlib). */
    static long deflate() {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
        try {
            d.setInput(DATA);
            d.finish();
            byte[] out = new byte[DATA.length + 1024];
            long n = 0;
            while (!d.finished()) {
                n += d.deflate(out);
            }
            return n;
        } finally {
            d.end();
        }
    }

    public static void main(String[] args) {
        String kind = args[0];
        long ms = args.length > 1 ? Long.parseLong(args[1]) : 60;
        ForkJoinPool pool = new ForkJoinPool(2);
        pool.invoke(new Split(16, kind, ms * 1_000_000L));
        System.out.println(kind + " done " + (sink != 0));
    }
}
