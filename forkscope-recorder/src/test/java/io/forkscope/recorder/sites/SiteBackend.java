package io.forkscope.recorder.sites;

import io.forkscope.model.sites.RegionSites;
import io.forkscope.model.sites.SitesResult;
import java.util.List;

/**
 * What {@link SiteRun} drives while it interprets a program: the site profiler alone
 * ({@link #direct}) or the whole engine with its site hooks ({@code EngineSites}). Threads are
 * simulated thread indices; a backend may run them all on one real thread.
 */
interface SiteBackend {
    void work(int thread, long units);

    /** A call site's enter; returns the exit token. */
    int enter(int thread, int site, int method);

    void exit(int thread, int token);

    /** Forks a task at {@code site} (in {@code method}), or at no site when {@code site} is -1. */
    Object fork(int thread, int site, int method);

    void begin(int thread, Object task);

    void end(int thread, Object task);

    /** The current frame starts waiting for a task (helping may run other tasks before {@link #joinEnd}). */
    void joinBegin(int thread);

    void joinEnd(int thread, Object task);

    SitesResult finish();

    /** A region starts in the current frame of {@code thread}; returns its mark for {@link #regionStop}. */
    default Object regionStart(int thread, String label) {
        throw new UnsupportedOperationException("regions");
    }

    default void regionStop(int thread, Object mark) {
        throw new UnsupportedOperationException("regions");
    }

    /** The regions' site profiles, in the order they closed (after {@link #finish}). */
    default List<RegionSites> regions() {
        return List.of();
    }

    /** Runs a part of the program (a task's run) on simulated thread {@code thread}. */
    default void onThread(int thread, Runnable part) {
        part.run();
    }

    /** Task begins that swapped a thread's logical stack (steals and foreign helping), if known. */
    default long swaps() {
        return 0;
    }

    /** The site profiler alone, one {@link SiteThread} per simulated thread, the root on thread 0. */
    static SiteBackend direct(int threadCount) {
        SiteProfiler profiler = new SiteProfiler();
        SiteThread[] threads = new SiteThread[threadCount];
        for (int i = 0; i < threadCount; i++) {
            threads[i] = profiler.newThread();
        }
        threads[0].rootBegin();
        return new SiteBackend() {
            @Override
            public void work(int thread, long units) {
                threads[thread].work(units);
            }

            @Override
            public int enter(int thread, int site, int method) {
                threads[thread].callEnter(site, method);
                return 0;
            }

            @Override
            public void exit(int thread, int token) {
                threads[thread].callReturn();
            }

            @Override
            public Object fork(int thread, int site, int method) {
                return site < 0 ? threads[thread].createTransparent() : threads[thread].create(site, method);
            }

            @Override
            public void begin(int thread, Object task) {
                threads[thread].taskBegin((SiteTask) task);
            }

            @Override
            public void end(int thread, Object task) {
                threads[thread].taskEnd();
            }

            @Override
            public void joinBegin(int thread) {
            }

            @Override
            public void joinEnd(int thread, Object task) {
                threads[thread].joinAt((SiteTask) task, -1, 0, 0);
            }

            @Override
            public SitesResult finish() {
                return profiler.finish(threads[0]);
            }

            @Override
            public Object regionStart(int thread, String label) {
                return threads[thread].regionStart(label);
            }

            @Override
            public void regionStop(int thread, Object mark) {
                threads[thread].regionStop((SiteRegion) mark);
            }

            @Override
            public List<RegionSites> regions() {
                return profiler.regionResults();
            }

            @Override
            public long swaps() {
                long n = 0;
                for (SiteThread t : threads) {
                    n += t.swaps;
                }
                return n;
            }
        };
    }
}
