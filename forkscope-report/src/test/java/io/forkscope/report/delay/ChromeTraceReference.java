package io.forkscope.report.delay;

import com.fasterxml.jackson.core.JsonFactory;
import io.forkscope.report.Numbers;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.forkscope.analysis.delay.ParallelismProfile;
import io.forkscope.analysis.delay.ProfileSegment;
import io.forkscope.analysis.delay.ReadyTimes;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.DagNodes;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.WorkerBusy;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.RecordedSites;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Chrome Trace writer as it was before {@link ChromeTrace} wrote bytes itself (commit 03ae28b): every
 * value through Jackson's generator, a node object a node. Kept as the reference the new writer's output
 * is compared with ({@code ChromeTraceEquivalenceTest}): the same events with the same values, in the
 * same order. Changed once since, for the shorter trace of issue 21, from the format's description, not
 * from the new writer's code: sparse counters, one a series (from the profile's segments, as values
 * compared with {@link Double#equals}); {@code ready_by} with its node's worker, {@code in} only with two
 * in-edges or more, {@code worker} only off the worker's own track (found from the track's name), no
 * {@code cat} on a strand's slice, no {@code tid} on a counter.
 *
 * <p>Its own description follows.
 *
 * A recorded DAG as Chrome Trace Event JSON ({@code {"traceEvents": [...]}}), which Perfetto UI
 * and chrome://tracing open: the timelines of Delay Spotter, one track per worker.
 *
 * <ul>
 *   <li>one process ({@link #PID}), named after the recording; one thread (track) per worker,
 *       {@code tid} = worker + 1, named "worker N" by {@code thread_name} metadata;</li>
 *   <li>a complete event ({@code "ph":"X"}) per node, {@code ts}/{@code dur} in microseconds
 *       (exact, with three decimals), named by what ends it ("create", "wait", "end"; no {@code cat})
 *       or "collapsed ×N strands" ({@code cat} "collapsed"), with {@code args}: {@code node},
 *       {@code worker} (only on an overlap track, whose slices' worker its name does not say),
 *       {@code work_ns}, {@code delay_ns} (start − ready), {@code ready_by} (the in-edge that made it
 *       ready, "kind from node N on worker W"; none without in-edges), {@code in} (only with two
 *       in-edges or more: each as "kind from node N on worker W"; a single one is {@code ready_by}),
 *       and, when the recording has call sites (format 1.6) and the node ran in one, {@code site},
 *       {@code site_where}, {@code site_kind} and {@code site_callee};</li>
 *   <li>counters ({@code "ph":"C"}, no {@code tid}: the process's) from the parallelism profile, one
 *       counter a series, each its own track: "running" ({@code args} {@code running}) and "ready
 *       KIND" per edge kind ({@code args} the kind's label, e.g. "ready create" with {@code create}),
 *       an event where the series' value changes (all of them at the profile's first segment, and
 *       each not at zero back to zero at its end): a series holds its value until its next event,
 *       in Perfetto and chrome://tracing alike;</li>
 *   <li>flow arrows ({@code "s"} at the source node, {@code "f"} with {@code "bp":"e"} at the
 *       destination, sharing {@code id} and {@code cat}) for create and end edges whose two nodes
 *       ran on different workers: the steals and the joins across workers;</li>
 *   <li>when the recording has busy intervals (format 1.2), a complete event named "idle"
 *       ({@code cat} "idle", {@code args}: {@code worker}, {@code thread}, {@code idle_ns}) for
 *       every gap in the worker's busy intervals inside the DAG's frame (see
 *       {@link WorkerBusy#idleWithin}), on the worker's track, whose name then also gives the
 *       thread's name: "worker N (thread)".</li>
 * </ul>
 *
 * Slices on one track never overlap partially: a node that would overlap the previous one on its
 * worker (only with an inconsistent recording) goes to an extra track "worker N (overlap K)", and
 * a worker's idle slices, when one of them would overlap a node on the worker's track (again only
 * with an inconsistent recording), all go to a track of their own, "worker N idle".
 */
public final class ChromeTraceReference {
    public static final int PID = 1;
    private static final int OVERLAP_TID = 1_000_000;
    private static final JsonFactory FACTORY = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();

    /**
     * What was written.
     *
     * @param slices node slices
     * @param idle   idle slices
     */
    public record Written(int slices, int flows, int tracks, int counters, int idle) {}

    private ChromeTraceReference() {}

    public static Written write(Dag dag, ParallelismProfile profile, String name, Writer out) throws IOException {
        return write(dag, profile, name, out, null);
    }

    /**
     * As {@link #write(Dag, ParallelismProfile, String, Writer)}, for a recording with call sites
     * ({@code sites}, null for none): a node with a site ({@link DagNode#site} found in the table)
     * also gets {@code site} (its id), {@code site_where} ({@link CallSite#where}), {@code site_kind}
     * and, when known, {@code site_callee} in its args, so that a viewer can colour or filter by them.
     */
    public static Written write(Dag dag, ParallelismProfile profile, String name, Writer out, RecordedSites sites)
            throws IOException {
        ReadyTimes ready = ReadyTimes.of(dag);
        int[] tid = tracks(dag);
        int slices = 0;
        int flows = 0;
        int counters = 0;
        int idleSlices = 0;
        Map<Integer, String> trackNames = new java.util.TreeMap<>();
        Map<Integer, Integer> sortIndex = new HashMap<>();
        List<IdleTrack> idle = idleTracks(dag, tid);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("displayTimeUnit", "ns");
            g.writeArrayFieldStart("traceEvents");
            metadata(g, "process_name", 0, "name", "forkscope: " + name);
            for (int t : tid) {
                trackNames.putIfAbsent(t, trackName(t));
            }
            for (IdleTrack t : idle) {
                if (t.idle().length == 0) {
                    continue;
                }
                trackNames.putIfAbsent(t.tid(), t.name());
                sortIndex.put(t.tid(), t.busy().worker() + 1);
            }
            for (WorkerBusy b : dag.busy()) {
                if (!b.thread().isEmpty()) {
                    trackNames.computeIfPresent(b.worker() + 1, (k, v) -> v + " (" + b.thread() + ")");
                }
            }
            for (Map.Entry<Integer, String> e : trackNames.entrySet()) {
                metadata(g, "thread_name", e.getKey(), "name", e.getValue());
                metadata(g, "thread_sort_index", e.getKey(), "sort_index", sortIndex.getOrDefault(e.getKey(), e.getKey()));
            }
            for (DagNode n : dag.nodes()) {
                g.writeStartObject();
                g.writeStringField("name", nodeName(n));
                if (n.collapsed()) {
                    g.writeStringField("cat", "collapsed");   // a strand's slice has no category (its name says it)
                }
                g.writeStringField("ph", "X");
                g.writeFieldName("ts");
                g.writeNumber(micros(n.start()));
                g.writeFieldName("dur");
                g.writeNumber(micros(n.end() - n.start()));
                g.writeNumberField("pid", PID);
                g.writeNumberField("tid", tid[n.id()]);
                g.writeObjectFieldStart("args");
                g.writeNumberField("node", n.id());
                boolean ownTrack = trackName(tid[n.id()]).equals("worker " + n.worker());
                if (!ownTrack) {
                    g.writeNumberField("worker", n.worker());   // the track's name does not say it
                }
                g.writeNumberField("work_ns", n.work());
                g.writeNumberField("delay_ns", ready.delay(n.id()));
                Edge last = lastToEnd(dag, n);
                if (last != null) {
                    g.writeStringField("ready_by", edgeText(dag, last));
                }
                if (n.in().size() >= 2) {
                    g.writeArrayFieldStart("in");
                    for (Edge e : n.in()) {
                        g.writeString(edgeText(dag, e));
                    }
                    g.writeEndArray();
                }
                CallSite site = sites == null || n.site() < 0 || n.site() >= sites.sites().size() ? null
                        : sites.site(n.site());
                if (site != null) {
                    g.writeNumberField("site", site.id());
                    g.writeStringField("site_where", site.where());
                    g.writeStringField("site_kind", site.kind().name().toLowerCase(Locale.ROOT));
                    if (site.callee() != null) {
                        g.writeStringField("site_callee", site.callee());
                    }
                }
                if (n.collapsed()) {
                    g.writeNumberField("strands", n.strands());
                    g.writeNumberField("creates", n.creates());
                    g.writeNumberField("waits", n.waits());
                    g.writeNumberField("span_ns", n.span());
                    g.writeNumberField("inner_delay_ns", n.innerDelay());
                }
                g.writeEndObject();
                g.writeEndObject();
                slices++;
            }
            for (IdleTrack t : idle) {
                long[] gaps = t.idle();
                for (int i = 0; i < gaps.length; i += 2) {
                    g.writeStartObject();
                    g.writeStringField("name", "idle");
                    g.writeStringField("cat", "idle");
                    g.writeStringField("ph", "X");
                    g.writeFieldName("ts");
                    g.writeNumber(micros(gaps[i]));
                    g.writeFieldName("dur");
                    g.writeNumber(micros(gaps[i + 1] - gaps[i]));
                    g.writeNumberField("pid", PID);
                    g.writeNumberField("tid", t.tid());
                    g.writeObjectFieldStart("args");
                    g.writeNumberField("worker", t.busy().worker());
                    g.writeStringField("thread", t.busy().thread());
                    g.writeNumberField("idle_ns", gaps[i + 1] - gaps[i]);
                    g.writeEndObject();
                    g.writeEndObject();
                    idleSlices++;
                }
            }
            long flowId = 0;
            DagNodes nodes = dag.table();
            for (int n = 0; n < nodes.size(); n++) {
                for (int k = 0; k < nodes.inCount(n); k++) {
                    int from = nodes.inFrom(n, k);
                    EdgeKind kind = nodes.inKind(n, k);
                    if ((kind != EdgeKind.CREATE && kind != EdgeKind.END) || nodes.worker(from) == nodes.worker(n)) {
                        continue;
                    }
                    flowId++;
                    // bind each end inside its slice: at the middle of the source, the middle of the target
                    flow(g, "s", kind, flowId, tid[from], micros(nodes.start(from) + (nodes.end(from) - nodes.start(from)) / 2));
                    flow(g, "f", kind, flowId, tid[n], micros(nodes.start(n) + (nodes.end(n) - nodes.start(n)) / 2));
                    flows++;
                }
            }
            // one counter a series, an event where its value is not the one it holds (Double.equals: bit
            // for bit); at the end every series that does not hold 0.0 goes back to it
            Map<String, Double> holds = new HashMap<>();
            for (ProfileSegment s : profile.segments()) {
                for (int k = -1; k < KIND_LABELS.length; k++) {
                    String series = k < 0 ? "running" : "ready " + KIND_LABELS[k];
                    Double value = (k < 0 ? s.running() : s.readyByKind()[k]) + 0.0;   // -0.0 as 0.0, its text
                    if (!value.equals(holds.get(series))) {
                        holds.put(series, value);
                        counter(g, series, s.start(), k < 0 ? "running" : KIND_LABELS[k], value);
                        counters++;
                    }
                }
            }
            if (!profile.segments().isEmpty()) {
                long end = profile.segments().get(profile.segments().size() - 1).end();
                for (int k = -1; k < KIND_LABELS.length; k++) {
                    String series = k < 0 ? "running" : "ready " + KIND_LABELS[k];
                    if (!Double.valueOf(0.0).equals(holds.get(series))) {
                        counter(g, series, end, k < 0 ? "running" : KIND_LABELS[k], 0.0);
                        counters++;
                    }
                }
            }
            g.writeEndArray();
            g.writeObjectFieldStart("otherData");
            g.writeStringField("source", name);
            g.writeNumberField("workers", dag.workers());
            g.writeStringField("begin_us", micros(dag.begin()).toPlainString());
            g.writeStringField("finish_us", micros(dag.finish()).toPlainString());
            g.writeEndObject();
            g.writeEndObject();
        }
        out.write('\n');
        out.flush();
        return new Written(slices, flows, trackNames.size(), counters, idleSlices);
    }

    /**
     * One worker's idle slices and the track they go on.
     *
     * @param idle flattened [start, end, ...] gaps in the worker's busy intervals inside the frame
     */
    record IdleTrack(WorkerBusy busy, long[] idle, int tid, String name) {}

    /**
     * @return every busy worker's idle slices, on its own track when none of them overlaps a node
     *         there, else on a track of their own beyond every node track
     */
    static List<IdleTrack> idleTracks(Dag dag, int[] tid) {
        DagNodes nodes = dag.table();
        int maxTid = 0;
        for (int i = 0; i < nodes.size(); i++) {
            maxTid = Math.max(maxTid, tid[i]);
        }
        int separate = (maxTid / OVERLAP_TID + 1) * OVERLAP_TID;
        Map<Integer, long[]> gapsOf = new HashMap<>();
        for (WorkerBusy b : dag.busy()) {
            gapsOf.put(b.worker(), b.idleWithin(dag.begin(), dag.finish()));
        }
        java.util.Set<Integer> clash = new java.util.HashSet<>();
        for (int i = 0; i < nodes.size(); i++) {
            int w = nodes.worker(i);
            long[] gaps = tid[i] == w + 1 ? gapsOf.get(w) : null;      // a node on its worker's own track
            if (gaps != null && overlapsAGap(gaps, nodes.start(i), nodes.end(i))) {
                clash.add(w);
            }
        }
        List<IdleTrack> out = new ArrayList<>();
        for (WorkerBusy b : dag.busy()) {
            long[] gaps = gapsOf.get(b.worker());
            out.add(clash.contains(b.worker())
                    ? new IdleTrack(b, gaps, separate + b.worker() + 1, "worker " + b.worker() + " idle")
                    : new IdleTrack(b, gaps, b.worker() + 1, "worker " + b.worker()));
        }
        return out;
    }

    /** @return whether [start, end] shares time with a gap (sorted, disjoint) or, if empty, lies inside one */
    static boolean overlapsAGap(long[] gaps, long start, long end) {
        // the last gap that starts before the node ends is the only one that can reach into it
        int lo = 0;
        int hi = gaps.length / 2;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (gaps[2 * mid] < end) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (lo == 0) {
            return false;
        }
        long gapEnd = gaps[2 * (lo - 1) + 1];
        return gapEnd > start;
    }

    /** @return each node's track: its worker's, or an overlap track when it would overlap partially there */
    static int[] tracks(Dag dag) {
        DagNodes nodes = dag.table();
        int[] tid = new int[nodes.size()];
        int[] order = nodes.byWorkerThenStart(true);      // by worker, start, the longest first
        long[] laneEnd = new long[4];
        int lanes = 0;
        for (int k = 0; k < order.length; k++) {
            int i = order[k];
            if (k == 0 || nodes.worker(order[k - 1]) != nodes.worker(i)) {
                lanes = 0;                                // a new worker: its lanes start empty
            }
            int lane = 0;
            while (lane < lanes && laneEnd[lane] > nodes.start(i)) {
                lane++;
            }
            if (lane == lanes) {
                if (lanes == laneEnd.length) {
                    laneEnd = java.util.Arrays.copyOf(laneEnd, 2 * lanes);
                }
                lanes++;
            }
            laneEnd[lane] = nodes.end(i);
            tid[i] = (nodes.worker(i) + 1) + lane * OVERLAP_TID;
        }
        return tid;
    }

    private static String trackName(int tid) {
        int worker = tid % OVERLAP_TID - 1;
        int lane = tid / OVERLAP_TID;
        return "worker " + worker + (lane == 0 ? "" : " (overlap " + lane + ")");
    }

    static String nodeName(DagNode n) {
        if (n.collapsed()) {
            return "collapsed \u00d7" + n.strands() + " strands";
        }
        return n.ends().name().toLowerCase(Locale.ROOT);
    }

    /** @return nanoseconds as exact microseconds, 1234 → 1.234 */
    static BigDecimal micros(long ns) {
        return BigDecimal.valueOf(ns, 3);
    }

    private static void metadata(JsonGenerator g, String kind, int tid, String argName, Object argValue)
            throws IOException {
        g.writeStartObject();
        g.writeStringField("name", kind);
        g.writeStringField("ph", "M");
        g.writeNumberField("pid", PID);
        g.writeNumberField("tid", tid);
        g.writeObjectFieldStart("args");
        if (argValue instanceof Integer i) {
            g.writeNumberField(argName, i);
        } else {
            g.writeStringField(argName, String.valueOf(argValue));
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void flow(JsonGenerator g, String ph, EdgeKind kind, long id, int tid, BigDecimal ts)
            throws IOException {
        g.writeStartObject();
        g.writeStringField("name", kind.label());
        g.writeStringField("cat", kind.label());
        g.writeStringField("ph", ph);
        g.writeNumberField("id", id);
        g.writeNumberField("pid", PID);
        g.writeNumberField("tid", tid);
        g.writeFieldName("ts");
        g.writeNumber(ts);
        if (ph.equals("f")) {
            g.writeStringField("bp", "e");
        }
        g.writeEndObject();
    }

    /** The ready counter's series, one per edge kind, and the running counter's. */
    private static final String[] KIND_LABELS = java.util.Arrays.stream(EdgeKind.values()).map(EdgeKind::label)
            .toArray(String[]::new);

    /** A counter event: one series, no thread (a counter is the process's). */
    private static void counter(JsonGenerator g, String name, long t, String label, double value)
            throws IOException {
        g.writeStartObject();
        g.writeStringField("name", name);
        g.writeStringField("ph", "C");
        g.writeNumberField("pid", PID);
        g.writeFieldName("ts");
        g.writeNumber(micros(t));
        g.writeObjectFieldStart("args");
        Numbers.jsonRatio(g, label, value);   // an average count of nodes: a decimal
        g.writeEndObject();
        g.writeEndObject();
    }

    /**
     * @return the in-edge whose source ends last, an end before the run's begin counting as the begin (the
     *     first such in the node's list), null for none: what made the node ready
     */
    static Edge lastToEnd(Dag dag, DagNode n) {
        Edge last = null;
        for (Edge e : n.in()) {
            if (last == null || Math.max(dag.begin(), dag.table().end(e.from()))
                    > Math.max(dag.begin(), dag.table().end(last.from()))) {
                last = e;
            }
        }
        return last;
    }

    /** @return "kind from node N on worker W" */
    static String edgeText(Dag dag, Edge e) {
        return e.kind().label() + " from node " + e.from() + " on worker " + dag.table().worker(e.from());
    }
}
