package io.forkscope.report.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNodes;
import io.forkscope.model.dag.WorkerBusy;
import io.forkscope.model.sites.RecordedSites;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Some bytes that {@link ChromeTrace} will write for a DAG, found without writing it, in three parts: what
 * every trace has (the slices, arrows, idle slices and tracks' names), the slices' args and the counters.
 * One pass over the nodes' in-edges, sites and strand counts finds them, so that what goes into a trace
 * can be chosen before gigabytes are written ({@code export}'s size limit). Each part is an event's length
 * as it measured on fib's 3 M-node window (a 7 s run: timestamps of ten digits or more, node ids of
 * seven); a short run's numbers have fewer digits, so its trace comes out somewhat shorter than estimated.
 * Within some 5% on fib-shaped DAGs seconds into a run and 12% at any scale (TraceSizeTest), which is what
 * a choice between a 200 MB and a 1.5 GB trace needs. Not counted: the extra tracks of an inconsistent
 * recording (nodes that overlap on a worker), and the recording's name.
 *
 * @param always   bytes of every trace: the slices without args, the arrows, idle slices, tracks' names
 * @param args     the slices' and idle slices' args (with {@link ChromeTrace.Options#args})
 * @param counters the counter events (with {@link ChromeTrace.Options#counters})
 */
public record TraceSize(long always, long args, long counters) {
    /** The trace's frame: its opening, the process's name and otherData (without the recording's name). */
    static final int FRAME = 250;
    /** A worker's track (one a worker with nodes): its name and sort index (metadata events). */
    static final int TRACK = 190;
    /** A slice without args: name, ts, dur, pid, tid, braces and the comma before it (70.3 a node on fib). */
    static final int SLICE = 72;
    /** A slice's args besides its in-list and site: node, work_ns, delay_ns, ready_by (some 95). */
    static final int ARGS = 96;
    /** A node of two in-edges or more: its "in" list's key and brackets. */
    static final int IN_LIST = 8;
    /** Each edge in an "in" list: "create-cont from node N on worker W", quoted, and a comma. */
    static final int IN_EDGE = 40;
    /** A collapsed node: its longer name, its category and (with args) its five counts. */
    static final int COLLAPSED_NAME = 40;
    static final int COLLAPSED_ARGS = 85;
    /** One counter event (some 80 bytes on fib: 953 MB for 12.0 M events). */
    static final int COUNTER = 80;
    /**
     * Counter events a node, at most: its ready series up when it becomes ready, down when it starts,
     * "running" up then, and down at its end (fib had 4.0: events at one instant are one change).
     */
    static final int COUNTERS_A_NODE = 4;
    /** An arrow: its two events ("s" and "f") for a create or end edge between workers. */
    static final int ARROW = 180;
    /** An idle slice without args; its args besides the thread's name. */
    static final int IDLE = 80;
    static final int IDLE_ARGS = 45;

    /**
     * @param sites the recording's call sites, null for none (as {@link ChromeTrace#write})
     * @return the estimate for {@code dag}'s trace, in one pass over its nodes
     */
    public static TraceSize of(Dag dag, RecordedSites sites) {
        DagNodes nodes = dag.table();
        int n = nodes.size();
        long always = FRAME + (long) n * SLICE;
        long args = (long) n * ARGS;
        java.util.BitSet tracks = new java.util.BitSet();
        long[] siteArgs = siteArgsLengths(sites);
        for (int i = 0; i < n; i++) {
            tracks.set(nodes.worker(i));
            int in = nodes.inCount(i);
            for (int k = 0; k < in; k++) {
                if (ChromeTrace.isArrow(nodes, i, k)) {
                    always += ARROW;
                }
            }
            if (in > 1) {
                args += IN_LIST + (long) in * IN_EDGE;
            }
            int site = nodes.site(i);
            if (site >= 0 && site < siteArgs.length) {
                args += siteArgs[site];
            }
            if (nodes.strands(i) > 1) {
                always += COLLAPSED_NAME;
                args += COLLAPSED_ARGS;
            }
        }
        always += (long) tracks.cardinality() * TRACK;
        for (WorkerBusy b : dag.busy()) {
            long gaps = b.count() + 1L;                       // at most: before, between and after its intervals
            always += gaps * IDLE;
            args += gaps * (IDLE_ARGS + b.thread().length());
        }
        return new TraceSize(always, args, (long) n * COUNTERS_A_NODE * COUNTER);
    }

    /** @return some bytes of the JSON that {@link ChromeTrace} writes with {@code options} */
    public long bytes(ChromeTrace.Options options) {
        return always + (options.args() ? args : 0) + (options.counters() ? counters : 0);
    }

    /** As {@code of(dag, sites).bytes(options)}. */
    public static long estimate(Dag dag, RecordedSites sites, ChromeTrace.Options options) {
        return of(dag, sites).bytes(options);
    }

    /** @return per site id, the length of its args in a slice */
    private static long[] siteArgsLengths(RecordedSites sites) {
        if (sites == null) {
            return new long[0];
        }
        long[] lengths = new long[sites.sites().size()];
        for (int s = 0; s < lengths.length; s++) {
            try {
                lengths[s] = ChromeTrace.siteArgs(sites.site(s)).length;
            } catch (IOException e) {
                throw new UncheckedIOException(e);            // written to memory: never
            }
        }
        return lengths;
    }
}
