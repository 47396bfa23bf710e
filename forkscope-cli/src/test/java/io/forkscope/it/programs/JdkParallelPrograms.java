package io.forkscope.it.programs;

import io.forkscope.Forkscope;
import io.forkscope.Region;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Parallel code forkscope did not write: the JDK's own (parallel streams, whose ForEachTask forks
 * itself to go on as a continuation; Arrays.parallelSort, parallelSetAll; ConcurrentHashMap's bulk
 * operations) and the idioms of java.util.concurrent's documentation (RecursiveAction's SortTask,
 * CountedCompleter's Searcher with quietlyCompleteRoot and MapReducer with firstComplete /
 * nextComplete, invokeAll of callables and of a collection), one region each. With the argument
 * {@code prefix}, only Arrays.parallelPrefix, whose two passes re-fork tasks that ran already and
 * synchronise through its own pending-count protocol. Prints results only, so runs with and
 * without the agent must print the same.
 */
public final class JdkParallelPrograms {
    private JdkParallelPrograms() {}

    static double heavy(int i) {
        double x = i;
        for (int k = 0; k < 50; k++) {
            x = Math.sqrt(x + k);
        }
        return x;
    }

    /** RecursiveAction's javadoc example. */
    static final class SortTask extends RecursiveAction {
        final long[] array;
        final int lo;
        final int hi;

        SortTask(long[] array, int lo, int hi) {
            this.array = array;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected void compute() {
            if (hi - lo < 1000) {
                Arrays.sort(array, lo, hi);
            } else {
                int mid = (lo + hi) >>> 1;
                invokeAll(new SortTask(array, lo, mid), new SortTask(array, mid, hi));
                long[] buf = Arrays.copyOfRange(array, lo, mid);
                for (int i = 0, j = lo, k = mid; i < buf.length; j++) {
                    array[j] = (k == hi || buf[i] < array[k]) ? buf[i++] : array[k++];
                }
            }
        }
    }

    /** CountedCompleter's javadoc example: a search that completes its root when found. */
    static final class Searcher extends CountedCompleter<Integer> {
        final Integer[] array;
        final AtomicReference<Integer> result;
        final int lo;
        final int hi;

        Searcher(CountedCompleter<?> parent, Integer[] array, AtomicReference<Integer> result, int lo, int hi) {
            super(parent);
            this.array = array;
            this.result = result;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        public Integer getRawResult() {
            return result.get();
        }

        @Override
        public void compute() {
            int l = lo;
            int h = hi;
            while (result.get() == null && h >= l) {
                if (h - l >= 2) {
                    int mid = (l + h) >>> 1;
                    addToPendingCount(1);
                    new Searcher(this, array, result, mid, h).fork();
                    h = mid;
                } else {
                    Integer x = array[l];
                    heavy(x);
                    if (x == array.length - 7 && result.compareAndSet(null, x)) {
                        quietlyCompleteRoot();
                    }
                    break;
                }
            }
            tryComplete();
        }
    }

    /** CountedCompleter's javadoc example: map-reduce with firstComplete / nextComplete. */
    static final class MapReducer extends CountedCompleter<Integer> {
        final Integer[] array;
        final int lo;
        final int hi;
        MapReducer forks;
        MapReducer next;
        Integer result;

        MapReducer(CountedCompleter<?> parent, Integer[] array, int lo, int hi, MapReducer next) {
            super(parent);
            this.array = array;
            this.lo = lo;
            this.hi = hi;
            this.next = next;
        }

        @Override
        public void compute() {
            int l = lo;
            int h = hi;
            while (h - l >= 2) {
                int mid = (l + h) >>> 1;
                addToPendingCount(1);
                (forks = new MapReducer(this, array, mid, h, forks)).fork();
                h = mid;
            }
            if (h > l) {
                result = array[l] % 1000;
            }
            for (CountedCompleter<?> c = firstComplete(); c != null; c = c.nextComplete()) {
                MapReducer t = (MapReducer) c;
                MapReducer s = t.forks;
                while (s != null) {
                    t.result = t.result + s.result;
                    s = t.forks = s.next;
                }
            }
        }

        @Override
        public Integer getRawResult() {
            return result;
        }
    }

    public static void main(String[] args) throws Exception {
        int n = 50_000;
        if (args.length > 0 && args[0].equals("prefix")) {
            double[] d = new double[n];
            Arrays.fill(d, 1.5);
            try (Region r = Forkscope.region("parallelPrefix")) {
                Arrays.parallelPrefix(d, Double::sum);
            }
            System.out.println("prefix " + d[n - 1]);
            return;
        }
        try (Region r = Forkscope.region("streams")) {
            System.out.println("stream sum " + IntStream.range(0, n).parallel().mapToDouble(JdkParallelPrograms::heavy).sum());
            LongAdder each = new LongAdder();
            IntStream.range(0, n).parallel().forEach(each::add);
            System.out.println("stream forEach " + each.sum() + " groupingByConcurrent "
                    + IntStream.range(0, n).parallel().boxed()
                            .collect(Collectors.groupingByConcurrent(i -> i % 7, Collectors.counting())).get(3));
        }
        try (Region r = Forkscope.region("arrays")) {
            long[] a = new Random(42).longs(500_000).toArray();
            Arrays.parallelSort(a);
            double[] d = new double[n];
            Arrays.parallelSetAll(d, JdkParallelPrograms::heavy);
            System.out.println("parallelSort " + a[0] + " " + a[a.length - 1] + " setAll " + d[n - 1]);
        }
        ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>();
        for (int i = 0; i < n; i++) {
            map.put(i, i);
        }
        try (Region r = Forkscope.region("concurrentHashMap")) {
            LongAdder acc = new LongAdder();
            map.forEach(1, (k, v) -> acc.add(v));
            System.out.println("chm forEach " + acc.sum() + " reduce " + map.reduceValuesToLong(1, v -> (long) v, 0L, Long::sum)
                    + " search " + map.search(1, (k, v) -> v == n - 3 ? k : null));
        }
        ForkJoinPool pool = new ForkJoinPool(2);
        try (Region r = Forkscope.region("javadoc")) {
            long[] b = new Random(7).longs(200_000).toArray();
            pool.invoke(new SortTask(b, 0, b.length));
            for (int i = 1; i < b.length; i++) {
                if (b[i - 1] > b[i]) {
                    throw new AssertionError("SortTask: not sorted at " + i);
                }
            }
            Integer[] arr = new Integer[20_000];
            for (int i = 0; i < arr.length; i++) {
                arr[i] = i;
            }
            System.out.println("Searcher " + pool.invoke(new Searcher(null, arr, new AtomicReference<>(), 0, arr.length - 1))
                    + " MapReducer " + pool.invoke(new MapReducer(null, arr, 0, arr.length, null)));
            List<Callable<Double>> calls = new ArrayList<>();
            List<RecursiveTask<Double>> tasks = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                int k = i;
                calls.add(() -> heavy(k));
                tasks.add(new RecursiveTask<>() {
                    @Override
                    protected Double compute() {
                        return heavy(k);
                    }
                });
            }
            double s = 0;
            for (Future<Double> f : pool.invokeAll(calls)) {
                s += f.get();
            }
            double t = pool.submit(() -> ForkJoinTask.invokeAll(tasks).stream().mapToDouble(ForkJoinTask::join).sum()).get();
            System.out.println("invokeAll callables " + s + " collection " + t);
        }
        pool.shutdown();
    }
}
