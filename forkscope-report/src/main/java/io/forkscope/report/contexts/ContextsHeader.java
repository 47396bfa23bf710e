package io.forkscope.report.contexts;

import io.forkscope.analysis.contexts.Advisor;
import io.forkscope.analysis.contexts.JfrSamples;
import io.forkscope.analysis.contexts.SampledContexts;
import java.io.PrintWriter;
import java.util.Locale;

/** What every text view of the contexts says first: the samples, how idleness was obtained, what a context is. */
public final class ContextsHeader {
    /** How the contexts were made: logical (fork-site prefixes) or physical only, and why. */
    public static String contextsNote(SampledContexts.Result r, boolean sites) {
        if (r.forkSitePrefixes()) {
            return "contexts: logical; each task's frames (its stack cut at ForkJoinTask.doExec) below its creator's"
                    + " whole context at the fork or inline run (the woven calls open in the creator's task, then the"
                    + " fork site) and so up through its ancestors, outermost first, after the submitter's stack for a task"
                    + " submitted from outside the pools (inside a collapsed sub-DAG, the methods of the tasks"
                    + " nested on the worker's stack)";
        }
        return "contexts: physical stacks cut at the pool's run loop (ForkJoinTask.doExec), every task below the root;"
                + " for logical contexts (each task below the fork sites of its ancestors) record with --sample alone"
                + " (it implies --mode dag --sites; this recording has " + (sites ? "call sites but no DAG)" : "no call sites)");
    }

    /**
     * Samples a thread's CPU time must call for before its obtained / expected is printed: short-lived
     * workers (some 40 ms of CPU) got 2-4 samples more than their 4-12 expected (132-177%) in runs of
     * the bundled fib, and 97-100% from some 50 expected up.
     */
    static final double MIN_EXPECTED_FOR_RATIO = 20;

    /** Share of effort (%) in forkscope's own code from which the header says what it means. */
    static final double OWN_SHARE_NOTED = 10;

    private ContextsHeader() {}

    /** Which engine sampled, and why JFR if async-profiler was the default. */
    public static String samplerLine(JfrSamples s) {
        JfrSamples.Sampler e = s.sampler();
        String line = "sampled by: " + e.text();
        if (e.engine().startsWith("async-profiler")) {
            line += ", a sample per period of each thread's CPU time, every running thread";
        }
        if (s.vmThreadSamples() > 0) {
            line += "; " + s.vmThreadSamples() + " samples of the JVM's own threads (GC, compilers) left out";
        }
        return e.note().isEmpty() ? line : line + "\nnote: sampled with JFR, not async-profiler: " + e.note();
    }

    /** The header, its prose lines wrapped at {@link io.forkscope.report.TextWrap#WIDTH} (continuations indented). */
    public static void write(SampledContexts.Result r, String name, boolean sites, PrintWriter out) {
        java.io.StringWriter raw = new java.io.StringWriter();
        writeLines(r, name, sites, new PrintWriter(raw));
        raw.toString().lines().forEach(l -> io.forkscope.report.TextWrap.wrap(l, io.forkscope.report.TextWrap.WIDTH,
                "    ").forEach(out::println));
        out.flush();
    }

    private static void writeLines(SampledContexts.Result r, String name, boolean sites, PrintWriter out) {
        JfrSamples s = r.samples();
        out.printf(Locale.ROOT, "%s: work, idleness and overhead by calling context%n", name);
        out.printf(Locale.ROOT, "samples: %d of %s every %d ms, %d truncated, %d failed, %d lost%s%n",
                s.samples().size(), s.eventName(), r.periodNs() / 1_000_000, s.truncated(), s.failed(), s.lost(),
                r.otherEvents().isEmpty() ? "" : "; also " + String.join(", ", r.otherEvents()));
        out.println(samplerLine(s));
        boolean cpu = !s.cpuNs().isEmpty();
        if (cpu) {
            out.println("  per thread: samples, rate, CPU time while sampled, samples expected (CPU time / period),"
                    + " obtained / expected (from " + (int) MIN_EXPECTED_FOR_RATIO + " expected on; below, a few"
                    + " samples more or less swing it by tens of percent)");
        }
        for (JfrSamples.ThreadYield t : s.threads(r.periodNs())) {
            if (!t.cpuKnown()) {
                out.printf(Locale.ROOT, "  %-40s %7d samples %8.1f /s%n", t.threadName(), t.samples(), t.perSecond());
            } else {
                out.printf(Locale.ROOT, "  %-40s %7d samples %8.1f /s %10.1f ms CPU %9.1f expected %6s%n",
                        t.threadName(), t.samples(), t.perSecond(), t.cpuNs() / 1e6, t.expected(),
                        Double.isNaN(t.yield()) || t.expected() < MIN_EXPECTED_FOR_RATIO ? "-"
                                : String.format(Locale.ROOT, "%.0f%%", 100 * t.yield()));
            }
        }
        if (r.unplaced() > 0 || r.idleDropped() > 0 || r.toolThreadSamples() > 0) {
            out.printf(Locale.ROOT, "left out: %d samples of idle workers, %d of threads outside the pools or the workers'"
                    + " span, %d of JFR's and forkscope's threads%n", r.idleDropped(), r.unplaced(), r.toolThreadSamples());
        }
        double own = SampledContexts.forkscopeOwnNs(r.profile());
        if (own > 0) {
            double share = r.profile().percentOfEffort(own);
            out.printf(Locale.ROOT, "forkscope's own code: %.3f ms, %.2f%% of effort, in the overhead below the program's"
                    + " frames that paid it (the recorder's cost per task and per woven call)%s%n", own / 1e6, share,
                    share >= OWN_SHARE_NOTED ? "; where it is large the tasks or calls are tiny, and the program alone"
                    + " has less overhead than shown: --contexts physical (no call sites) perturbs least" : "");
        }
        long inContexts = r.samplesInContexts();
        if (inContexts >= 0) {
            out.printf(Locale.ROOT, "physical view: %d samples in contexts, each one period of work or overhead; advice"
                    + " only on a context with at least %d of them (%s)%s%n", inContexts,
                    Advisor.DEFAULT.minSamples(), ContextsText.MIN_SAMPLES_WHY,
                    inContexts < Advisor.DEFAULT.minSamples() ? ": no advice on this run" : "");
        }
        r.notes().forEach(n -> out.println("note: " + n));
        out.printf(Locale.ROOT, "idleness: %s; P = %d%n", r.idleness().text(), r.workers());
        if (r.notRunningNs() > 0) {
            double effort = r.profile().total(io.forkscope.analysis.contexts.Metric.EFFORT);
            out.printf(Locale.ROOT, "not running: %.3f ms (%.1f%% beside the effort below), the workers' time holding a task"
                    + " but off their CPU (preempted by other threads or processes, descheduled, stopped for GC): in no"
                    + " context, neither work, idleness nor overhead; forkscope delays shows it against P x elapsed%n",
                    r.notRunningNs() / 1e6, effort > 0 ? 100 * r.notRunningNs() / effort : 0);
        }
        out.println("workers (P): " + r.slots());
        out.println(contextsNote(r, sites));
        out.println();
        out.flush();
    }
}
