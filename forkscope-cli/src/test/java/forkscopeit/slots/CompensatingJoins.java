package forkscopeit.slots;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Phaser;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A pool of 2 that adds a compensation thread (measures.md §2, worker slots), and a serial phase
 * whose idleness is known by construction. Each round:
 * <ol>
 * <li>a fork tree whose join blocks: the root forks {@code parked}, a task parked behind a Phaser
 *     (a managed block), waits until the other worker runs it, forks {@value #SPINNERS} spinners and
 *     joins {@code parked}. Both workers are then blocked, so ForkJoinPool adds a compensation thread,
 *     which runs the spinners; the last one opens the Phaser. One slot runs at a time here;</li>
 * <li>a serial phase: one task spins X ms in {@link #serial} while the other slot has nothing to do:
 *     {@code serial}'s idleness = (2 − 1) × its length = its work. From the second round on the
 *     compensation thread is still alive (idle) beside the two workers: counting threads instead of
 *     slots would give the serial phase twice its work as idleness.</li>
 * </ol>
 * Prints the distinct threads that ran its tasks ({@code threads=N}). Args: rounds (default 3),
 * X in ms (default 200).
 */
public final class CompensatingJoins {
    static final int SPINNERS = 4;
    static final Set<String> THREADS = ConcurrentHashMap.newKeySet();
    static volatile long sink;

    private CompensatingJoins() {}

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        long x = args.length > 1 ? Long.parseLong(args[1]) : 200;
        ForkJoinPool pool = new ForkJoinPool(2);
        for (int r = 0; r < rounds; r++) {
            pool.invoke(action(() -> blockingJoin(x / SPINNERS)));
            pool.invoke(action(() -> serial(x)));
        }
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.MINUTES);
        System.out.println("threads=" + THREADS.size() + (sink == 42 ? "!" : ""));
    }

    static void blockingJoin(long spinMs) {
        Phaser gate = new Phaser(1);
        AtomicInteger left = new AtomicInteger(SPINNERS);
        CountDownLatch started = new CountDownLatch(1);
        ForkJoinTask<?> parked = action(() -> {
            started.countDown();
            gate.awaitAdvance(0);
        }).fork();
        try {
            started.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<ForkJoinTask<?>> spinners = new ArrayList<>();
        for (int i = 0; i < SPINNERS; i++) {
            spinners.add(action(() -> {
                spin(spinMs);
                if (left.decrementAndGet() == 0) {
                    gate.arrive();
                }
            }).fork());
        }
        parked.join();
        spinners.forEach(ForkJoinTask::join);
    }

    static void serial(long ms) {
        spin(ms);
    }

    /** Spins for {@code ms} of wall-clock time. */
    static void spin(long ms) {
        long end = System.nanoTime() + ms * 1_000_000L;
        long h = 1;
        do {
            for (int i = 0; i < 100_000; i++) {
                h ^= h << 13;
                h ^= h >>> 7;
                h ^= h << 17;
            }
        } while (System.nanoTime() < end);
        sink += h;
    }

    static RecursiveAction action(Runnable body) {
        return new RecursiveAction() {
            @Override
            protected void compute() {
                THREADS.add(Thread.currentThread().getName());
                body.run();
            }
        };
    }
}
