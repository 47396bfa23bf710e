package io.forkscope.it.programs;

import java.lang.reflect.Field;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Prints the stack size each kind of thread was created with, as Thread holds it (0: the JVM's
 * default): a worker of an own pool, of the common pool, of a pool with a factory that subclasses
 * ForkJoinWorkerThread, and a plain Thread. Needs {@code --add-opens java.base/java.lang=ALL-UNNAMED}:
 * the size is a private field, of Thread on JDK 17 and of its FieldHolder on JDK 19+.
 */
public final class WorkerStackPrograms {
    private WorkerStackPrograms() {}

    public static void main(String[] args) throws Exception {
        ForkJoinPool own = new ForkJoinPool(2);
        ForkJoinPool custom = new ForkJoinPool(2, pool -> new ForkJoinWorkerThread(pool) { }, null, false);
        long plain = stackSize(new Thread(() -> { }));
        System.out.println("own " + onWorker(own) + " common " + onWorker(ForkJoinPool.commonPool())
                + " custom " + onWorker(custom) + " plain " + plain);
    }

    /**
     * @return the stack size of a worker of {@code pool}. Handed over through a queue, not joined: a
     *     thread joining a common-pool task may run it itself.
     */
    static long onWorker(ForkJoinPool pool) throws InterruptedException {
        BlockingQueue<Long> answer = new ArrayBlockingQueue<>(1);
        pool.execute(() -> answer.add(Thread.currentThread() instanceof ForkJoinWorkerThread
                ? stackSize(Thread.currentThread()) : -1L));
        return answer.take();
    }

    static long stackSize(Thread t) {
        try {
            try {
                Field f = Thread.class.getDeclaredField("stackSize");
                f.setAccessible(true);
                return f.getLong(t);
            } catch (NoSuchFieldException jdk19) {
                Field holder = Thread.class.getDeclaredField("holder");
                holder.setAccessible(true);
                Object h = holder.get(t);
                Field f = h.getClass().getDeclaredField("stackSize");
                f.setAccessible(true);
                return f.getLong(h);
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
