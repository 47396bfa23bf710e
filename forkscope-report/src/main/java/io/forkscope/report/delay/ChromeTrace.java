package io.forkscope.report.delay;

import io.forkscope.analysis.delay.ParallelismProfile;
import io.forkscope.analysis.delay.ReadyTimes;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.DagNodes;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.WorkerBusy;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.RecordedSites;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
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
 *
 * <p>{@link Options} leave out what a viewer cannot hold for a DAG of millions of nodes: the slices'
 * args (two thirds of the slices' bytes) and the counters (an event per change of a series, some four a
 * node on fib: three fifths of the file). {@link TraceSize} estimates the trace's size for each choice
 * without writing it (export leaves them out past its --max-size).
 *
 * <p>Written as bytes ({@link JsonBytes}): the structure of each event is a constant, the values go
 * in as digits, strings that come from the program (thread names, call sites, the recording's name)
 * are escaped, and a node is read from the DAG's columns ({@link DagNodes}), with no object made a
 * node or an edge. The bytes are those of a Jackson writer kept as a test's reference
 * ({@code ChromeTraceReference}), at some 5 times its speed.
 */
public final class ChromeTrace {
    public static final int PID = 1;
    private static final int OVERLAP_TID = 1_000_000;
    /** Bytes held before they go to the stream: large, so that a 2 GB trace takes few writes. */
    private static final int BUFFER = 1 << 20;
    /**
     * Buffers that circulate between the trace's formatting and its writes ({@link WriteBehind}): one
     * filled, one written, and spares for when the writer waits for a core (two of them shared with the
     * formatting, the counters' thread and the JIT): 8 rather than 3 took 3-4% off a 3 M-node export on
     * average in two series (docs/reading.md), 16 no more, for 5 MB.
     */
    private static final int WRITE_BEHIND_BUFFERS = 8;
    /**
     * Counter changes a batch of the counters' feed ({@link CounterFeed}): some 800 KB a batch. Each batch
     * handed over wakes the thread on the other side, which then takes the core on this 2-core machine:
     * 16,384 rather than 4,096 took some 6% off a 3 M-node export (docs/reading.md), 65,536 no more.
     */
    private static final int COUNTER_BATCH = 16384;

    /**
     * What was written.
     *
     * @param slices node slices
     * @param idle   idle slices
     * @param bytes  the JSON's length in bytes (before any compression of the stream it went to)
     */
    public record Written(int slices, int flows, int tracks, int counters, int idle, long bytes) {}

    /**
     * What goes into the trace besides the slices, the flow arrows and the tracks' names.
     *
     * @param args     each slice's {@code args} (node id, work, delay, in-edges, site, ...; an idle
     *                 slice's worker, thread and length)
     * @param counters the "running" and "ready" counters from the parallelism profile
     */
    public record Options(boolean args, boolean counters) {
        /** Everything: the default. */
        public static final Options ALL = new Options(true, true);
    }

    private ChromeTrace() {}

    public static Written write(Dag dag, ParallelismProfile profile, String name, Writer out) throws IOException {
        return write(dag, profile, name, out, null);
    }

    /**
     * As {@link #write(Dag, ParallelismProfile, String, Writer)}, for a recording with call sites
     * ({@code sites}, null for none): a node with a site ({@link DagNode#site} found in the table)
     * also gets {@code site} (its id), {@code site_where} ({@link CallSite#where}), {@code site_kind}
     * and, when known, {@code site_callee} in its args, so that a viewer can colour or filter by them.
     * The whole trace is held in memory before it goes to {@code out}: for small DAGs (tests, views);
     * a file is written with {@link #write(Dag, ReadyTimes, String, OutputStream, RecordedSites, Options)}.
     */
    public static Written write(Dag dag, ParallelismProfile profile, String name, Writer out, RecordedSites sites)
            throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ReadyTimes ready = ReadyTimes.of(dag);
        Written w = new Emitter(dag, () -> ready, new JsonBytes(bytes, BUFFER), sites, Options.ALL)
                .write(() -> profile, name);
        out.write(bytes.toString(StandardCharsets.UTF_8));
        out.flush();
        return w;
    }

    /**
     * Writes the trace as UTF-8 to {@code out}, which it flushes but does not close, from a thread of
     * its own while this one formats the next megabyte ({@link WriteBehind}). The counters'
     * parallelism profile is made from {@code ready} ({@link ReadyTimes#profile}), only when they are
     * wanted, and swept into the counters' levels, on a third thread ({@link CounterFeed}) while the
     * slices are formatted: the core that the formatting leaves does both, and the counters follow the
     * slices without waiting for them.
     *
     * @param ready the DAG's ready times ({@link ReadyTimes#of})
     * @param name  the recording's name: the process's name and {@code otherData.source}
     * @param sites the recording's call sites, null for none
     */
    public static Written write(Dag dag, ReadyTimes ready, String name, OutputStream out, RecordedSites sites,
                                Options options) throws IOException {
        return write(dag, ready, ready::profile, name, out, sites, options);
    }

    /**
     * As {@link #write(Dag, ReadyTimes, String, OutputStream, RecordedSites, Options)}, with the DAG's ready
     * times made on another thread (the counters' when there are counters) while this one finds the
     * slices' tracks and writes the tracks' names: the two took 0.15 s and 0.1-0.2 s one after the other
     * on a 3 M-node DAG, where the second core had nothing to do. The bytes are the same.
     */
    public static Written write(Dag dag, String name, OutputStream out, RecordedSites sites, Options options)
            throws IOException {
        FutureTask<ReadyTimes> made = new FutureTask<>(() -> ReadyTimes.of(dag));
        Thread maker = new Thread(made, "forkscope ready times");
        maker.setDaemon(true);            // a trace that fails before it needs them keeps no JVM alive for it
        maker.start();
        Supplier<ReadyTimes> ready = () -> done(made);
        return write(dag, ready, () -> ready.get().profile(), name, out, sites, options);
    }

    /** @return what {@code made} made, once it has; what it threw, thrown as it was (unchecked) */
    private static ReadyTimes done(FutureTask<ReadyTimes> made) {
        try {
            return made.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.UncheckedIOException(new java.io.InterruptedIOException(
                    "interrupted while waiting for the ready times"));
        } catch (ExecutionException e) {
            Throwable t = e.getCause();
            if (t instanceof Error err) {
                throw err;
            }
            throw t instanceof RuntimeException r ? r : new IllegalStateException(t);
        }
    }

    /** As the public stream form, with the counters' profile from {@code profile} (asked on another thread). */
    static Written write(Dag dag, ReadyTimes ready, Supplier<ParallelismProfile> profile, String name, OutputStream out,
                         RecordedSites sites, Options options) throws IOException {
        return write(dag, () -> ready, profile, name, out, sites, options);
    }

    /** @param ready asked once, before the first slice, and on the counters' thread by {@code profile} if it likes */
    private static Written write(Dag dag, Supplier<ReadyTimes> ready, Supplier<ParallelismProfile> profile, String name,
                                 OutputStream out, RecordedSites sites, Options options) throws IOException {
        try (WriteBehind behind = new WriteBehind(out, BUFFER, WRITE_BEHIND_BUFFERS)) {
            return new Emitter(dag, ready, new JsonBytes(behind), sites, options).write(profile, name);
        }
    }

    // The events' constant parts. Field order and spelling are the format: change none without
    // changing the reference test's expectations (ChromeTraceEquivalenceTest).
    private static final byte[] BEGIN = JsonBytes.ascii("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
    private static final byte[] META = JsonBytes.ascii("{\"name\":\"");
    private static final byte[] META_PH = JsonBytes.ascii("\",\"ph\":\"M\",\"pid\":" + PID + ",\"tid\":");
    private static final byte[] ARGS = JsonBytes.ascii(",\"args\":{\"");
    private static final byte[] FIELD_END = JsonBytes.ascii("\":");
    private static final byte[] CLOSE2 = JsonBytes.ascii("}}");
    /** Per {@link NodeEnd}: a plain strand's slice up to its {@code ts} value. */
    private static final byte[][] STRAND_HEAD = Arrays.stream(NodeEnd.values())
            .map(e -> JsonBytes.ascii("{\"name\":\"" + e.name().toLowerCase(Locale.ROOT)
                    + "\",\"ph\":\"X\",\"ts\":"))
            .toArray(byte[][]::new);
    private static final byte[] COLLAPSED_HEAD = "{\"name\":\"collapsed \u00d7".getBytes(StandardCharsets.UTF_8);
    private static final byte[] COLLAPSED_TAIL = JsonBytes.ascii(" strands\",\"cat\":\"collapsed\",\"ph\":\"X\",\"ts\":");
    private static final byte[] IDLE_HEAD = JsonBytes.ascii("{\"name\":\"idle\",\"cat\":\"idle\",\"ph\":\"X\",\"ts\":");
    private static final byte[] DUR = JsonBytes.ascii(",\"dur\":");
    private static final byte[] PID_TID = JsonBytes.ascii(",\"pid\":" + PID + ",\"tid\":");
    private static final byte[] NODE = JsonBytes.ascii(",\"args\":{\"node\":");
    private static final byte[] WORKER = JsonBytes.ascii(",\"worker\":");
    private static final byte[] WORK = JsonBytes.ascii(",\"work_ns\":");
    private static final byte[] DELAY = JsonBytes.ascii(",\"delay_ns\":");
    private static final byte[] READY_BY = JsonBytes.ascii(",\"ready_by\":\"");
    private static final byte[] IN = JsonBytes.ascii(",\"in\":[");
    private static final byte[] ON_WORKER = JsonBytes.ascii(" on worker ");
    /** Per {@link EdgeKind}: "create from node " (ready_by and in, before the node's id). */
    private static final byte[][] KIND_FROM = Arrays.stream(EdgeKind.values())
            .map(k -> JsonBytes.ascii(k.label() + " from node ")).toArray(byte[][]::new);
    private static final byte[] STRANDS = JsonBytes.ascii(",\"strands\":");
    private static final byte[] CREATES = JsonBytes.ascii(",\"creates\":");
    private static final byte[] WAITS = JsonBytes.ascii(",\"waits\":");
    private static final byte[] SPAN = JsonBytes.ascii(",\"span_ns\":");
    private static final byte[] INNER_DELAY = JsonBytes.ascii(",\"inner_delay_ns\":");
    private static final byte[] IDLE_WORKER = JsonBytes.ascii(",\"args\":{\"worker\":");
    private static final byte[] IDLE_THREAD = JsonBytes.ascii(",\"thread\":");
    private static final byte[] IDLE_NS = JsonBytes.ascii(",\"idle_ns\":");
    /** Per {@link EdgeKind} and phase ("s", "f"): a flow event up to its {@code id} value. */
    private static final byte[][] FLOW_HEAD = Arrays.stream(EdgeKind.values())
            .flatMap(k -> java.util.stream.Stream.of("s", "f").map(ph -> JsonBytes.ascii("{\"name\":\"" + k.label()
                    + "\",\"cat\":\"" + k.label() + "\",\"ph\":\"" + ph + "\",\"id\":")))
            .toArray(byte[][]::new);
    private static final byte[] TS = JsonBytes.ascii(",\"ts\":");
    private static final byte[] FLOW_F_END = JsonBytes.ascii(",\"bp\":\"e\"}");
    /** The ready counters' series, one per edge kind. */
    private static final String[] KIND_LABELS = Arrays.stream(EdgeKind.values()).map(EdgeKind::label)
            .toArray(String[]::new);
    /**
     * The counters, one a series (its own track in both viewers): "running", then "ready KIND" per edge
     * kind; each series' event's name, its value's key (the name's last word).
     */
    private static final String[] SERIES = java.util.stream.Stream.concat(java.util.stream.Stream.of("running"),
            Arrays.stream(KIND_LABELS).map(k -> "ready " + k)).toArray(String[]::new);
    /**
     * Per series: its event up to its {@code ts} value, after the comma that ends the event before it (a
     * counter never comes first: the process's name does).
     */
    private static final byte[][] SERIES_HEAD = Arrays.stream(SERIES)
            .map(s -> JsonBytes.ascii(",{\"name\":\"" + s + "\",\"ph\":\"C\",\"pid\":" + PID + ",\"ts\":"))
            .toArray(byte[][]::new);
    /** Per series: its value's key, "running" or the edge kind. */
    private static final String[] SERIES_KEY = Arrays.stream(SERIES).map(s -> s.substring(s.lastIndexOf(' ') + 1))
            .toArray(String[]::new);
    /** Per series: its event's args up to the value. */
    private static final byte[][] SERIES_ARG = Arrays.stream(SERIES_KEY)
            .map(k -> JsonBytes.ascii(",\"args\":{\"" + k + "\":")).toArray(byte[][]::new);
    /** Whole values below this have their event's end made beforehand ({@link #SERIES_TAIL}). */
    private static final int WHOLE_TAILS = 64;
    /** Per series and whole value v below {@link #WHOLE_TAILS}: its event from the args on, "v.0" and the braces. */
    private static final byte[][][] SERIES_TAIL = Arrays.stream(SERIES_KEY)
            .map(k -> java.util.stream.IntStream.range(0, WHOLE_TAILS)
                    .mapToObj(v -> JsonBytes.ascii(",\"args\":{\"" + k + "\":" + v + ".0}}")).toArray(byte[][]::new))
            .toArray(byte[][][]::new);
    /** A series' last value's bits before it has any: a NaN's that {@link Double#doubleToLongBits} never gives. */
    private static final long UNWRITTEN = 0x7ff0000000000001L;
    private static final byte[] OTHER_DATA = JsonBytes.ascii("],\"otherData\":{\"source\":");
    private static final byte[] WORKERS = JsonBytes.ascii(",\"workers\":");
    private static final byte[] BEGIN_US = JsonBytes.ascii(",\"begin_us\":\"");
    private static final byte[] FINISH_US = JsonBytes.ascii("\",\"finish_us\":\"");
    private static final byte[] END = JsonBytes.ascii("\"}}\n");

    // The most each fixed-shape part of an event takes, reserved at once (JsonBytes#reserve) before
    // it is written unchecked: its constant parts, a comma before it, and per number its longest.
    private static final int NUMBER = JsonBytes.LONGEST_NUMBER;
    private static final int RATIO = JsonBytes.LONGEST_WHOLE_RATIO;
    /** A slice up to its in-edges' opening bracket (with or without args). */
    private static final int NODE_HEAD_ROOM = 1
            + Math.max(longest(STRAND_HEAD), COLLAPSED_HEAD.length + NUMBER + COLLAPSED_TAIL.length)
            + NUMBER + DUR.length + NUMBER + PID_TID.length + NUMBER
            + NODE.length + NUMBER + WORKER.length + NUMBER + WORK.length + NUMBER + DELAY.length + NUMBER
            + READY_BY.length + longest(KIND_FROM) + NUMBER + ON_WORKER.length + NUMBER + 1 + IN.length;
    /** One in-edge: a comma, "kind from node N on worker W". */
    private static final int EDGE_ROOM = 2 + longest(KIND_FROM) + NUMBER + ON_WORKER.length + NUMBER + 1;
    /** A slice's end after its site: a collapsed node's counts, the braces. */
    private static final int NODE_TAIL_ROOM = STRANDS.length + CREATES.length + WAITS.length + SPAN.length
            + INNER_DELAY.length + 5 * NUMBER + CLOSE2.length;
    /** One counter event. */
    private static final int COUNTER_ROOM = longest(SERIES_HEAD) + NUMBER
            + Math.max(longest(SERIES_ARG) + RATIO + CLOSE2.length, Arrays.stream(SERIES_TAIL).mapToInt(t -> longest(t)).max()
            .orElse(0));
    /** A flow event. */
    private static final int FLOW_ROOM = 1 + longest(FLOW_HEAD) + NUMBER + PID_TID.length + NUMBER + TS.length + NUMBER
            + FLOW_F_END.length;

    /**
     * @return whether node {@code n}'s {@code k}-th in-edge is drawn as an arrow: a create or end edge
     *         between two workers (a steal, a join across workers)
     */
    static boolean isArrow(DagNodes nodes, int n, int k) {
        EdgeKind kind = nodes.inKind(n, k);
        return (kind == EdgeKind.CREATE || kind == EdgeKind.END) && nodes.worker(nodes.inFrom(n, k)) != nodes.worker(n);
    }

    /** @return a call site's args as a node's slice has them: site, site_where, site_kind, site_callee */
    static byte[] siteArgs(CallSite site) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        JsonBytes s = new JsonBytes(b, 256);
        s.raw(JsonBytes.ascii(",\"site\":"));
        s.number(site.id());
        s.raw(JsonBytes.ascii(",\"site_where\":"));
        s.string(site.where());
        s.raw(JsonBytes.ascii(",\"site_kind\":"));
        s.string(site.kind().name().toLowerCase(Locale.ROOT));
        if (site.callee() != null) {
            s.raw(JsonBytes.ascii(",\"site_callee\":"));
            s.string(site.callee());
        }
        s.flush();
        return b.toByteArray();
    }

    private static int longest(byte[][] parts) {
        return Arrays.stream(parts).mapToInt(p -> p.length).max().orElse(0);
    }

    /** One trace being written: the DAG, what it adds, the output. */
    private static final class Emitter {
        private final Dag dag;
        private final DagNodes nodes;
        /** The ready times: asked for before the first slice ({@link #made}), then held in {@link #ready}. */
        private final Supplier<ReadyTimes> made;
        private ReadyTimes ready;
        private final JsonBytes j;
        private final RecordedSites sites;
        private final Options options;
        /** Per site id: its args as bytes, made the first time a node names it. */
        private final byte[][] siteArgs;
        private boolean first = true;

        Emitter(Dag dag, Supplier<ReadyTimes> ready, JsonBytes j, RecordedSites sites, Options options) {
            this.dag = dag;
            this.nodes = dag.table();
            this.made = ready;
            this.j = j;
            this.sites = sites;
            this.options = options;
            this.siteArgs = new byte[sites == null ? 0 : sites.sites().size()][];
        }

        /** @param profile asked once, for the counters, after the slices, the idle slices and the arrows */
        Written write(Supplier<ParallelismProfile> profile, String name) throws IOException {
            // The counters' profile is made, then swept, on another thread while the slices are formatted
            // (CounterFeed): the tracks' sort below takes a few arrays of ints a node, the profile's events
            // and their sort some 16 bytes an event, and neither is held past its step (max RSS stays what
            // it was when they ran one after the other: measured on a 3 M-node DAG)
            try (CounterFeed feed = options.counters()
                    ? new CounterFeed(profile, KIND_LABELS.length, COUNTER_BATCH) : null) {
                return write(feed, name);
            }
        }

        private Written write(CounterFeed feed, String name) throws IOException {
            int[] tid = tracks(dag);
            List<IdleTrack> idle = idleTracks(dag, tid);
            Map<Integer, String> trackNames = trackNames(tid, idle);
            Map<Integer, Integer> sortIndex = new HashMap<>();
            for (IdleTrack t : idle) {
                if (t.idle().length > 0) {
                    sortIndex.put(t.tid(), t.busy().worker() + 1);
                }
            }
            j.raw(BEGIN);
            metadata("process_name", 0, "name");
            j.string("forkscope: " + name);
            j.raw(CLOSE2);
            for (Map.Entry<Integer, String> e : trackNames.entrySet()) {
                metadata("thread_name", e.getKey(), "name");
                j.string(e.getValue());
                j.raw(CLOSE2);
                metadata("thread_sort_index", e.getKey(), "sort_index");
                j.number(sortIndex.getOrDefault(e.getKey(), e.getKey()));
                j.raw(CLOSE2);
            }
            ready = made.get();                 // made meanwhile on another thread, by the public stream form
            for (int i = 0; i < nodes.size(); i++) {
                node(i, tid[i]);
            }
            int idleSlices = 0;
            for (IdleTrack t : idle) {
                byte[] thread = JsonBytes.quoted(t.busy().thread());
                long[] gaps = t.idle();
                for (int i = 0; i < gaps.length; i += 2) {
                    idle(t, thread, gaps[i], gaps[i + 1]);
                    idleSlices++;
                }
            }
            int flows = flows(tid);
            tid = null;
            int counters = feed != null ? counters(feed) : 0;
            j.raw(OTHER_DATA);
            j.string(name);
            j.raw(WORKERS);
            j.number(dag.workers());
            j.raw(BEGIN_US);
            j.micros(dag.begin());
            j.raw(FINISH_US);
            j.micros(dag.finish());
            j.raw(END);
            j.flush();
            return new Written(nodes.size(), flows, trackNames.size(), counters, idleSlices, j.size());
        }

        /** @return each track's name by tid: its worker's (with its thread's name), an overlap or idle track's */
        private Map<Integer, String> trackNames(int[] tid, List<IdleTrack> idle) {
            Map<Integer, String> names = new TreeMap<>();
            java.util.BitSet named = new java.util.BitSet();     // the workers' own tracks named so far
            for (int t : tid) {
                if (t >= OVERLAP_TID) {
                    names.putIfAbsent(t, trackName(t));          // an overlap track (an inconsistent recording)
                } else if (!named.get(t)) {                       // a worker's track: named once, not once a node
                    named.set(t);
                    names.put(t, trackName(t));
                }
            }
            for (IdleTrack t : idle) {
                if (t.idle().length > 0) {
                    names.putIfAbsent(t.tid(), t.name());
                }
            }
            for (WorkerBusy b : dag.busy()) {
                if (!b.thread().isEmpty()) {
                    names.computeIfPresent(b.worker() + 1, (k, v) -> v + " (" + b.thread() + ")");
                }
            }
            return names;
        }

        /** Opens an event, after a comma unless it is the first. */
        private void next() throws IOException {
            if (first) {
                first = false;
            } else {
                j.raw(',');
            }
        }

        /** Opens an event within a reservation, after a comma unless it is the first. */
        private void putNext() {
            if (first) {
                first = false;
            } else {
                j.put(',');
            }
        }

        /** A metadata event up to its one arg's value. */
        private void metadata(String kind, int tid, String argName) throws IOException {
            next();
            j.raw(META);
            j.chars(kind);
            j.raw(META_PH);
            j.number(tid);
            j.raw(ARGS);
            j.chars(argName);
            j.raw(FIELD_END);
        }

        private void node(int i, int tid) throws IOException {
            j.reserve(NODE_HEAD_ROOM);
            putNext();
            long strands = nodes.strands(i);
            boolean collapsed = strands > 1;
            if (collapsed) {
                j.put(COLLAPSED_HEAD);
                j.putNumber(strands);
                j.put(COLLAPSED_TAIL);
            } else {
                j.put(STRAND_HEAD[nodes.ends(i).ordinal()]);
            }
            long start = nodes.start(i);
            long end = nodes.end(i);
            j.putMicros(start);
            j.put(DUR);
            j.putMicros(end - start);
            j.put(PID_TID);
            j.putNumber(tid);
            if (!options.args()) {
                j.put('}');
                return;
            }
            j.put(NODE);
            j.putNumber(i);
            int worker = nodes.worker(i);
            if (tid != worker + 1) {
                j.put(WORKER);             // an overlap track: its slices' workers are not the track's own
                j.putNumber(worker);
            }
            j.put(WORK);
            j.putNumber(nodes.work(i));
            j.put(DELAY);
            j.putNumber(ready.delay(i));
            int in = nodes.inCount(i);
            if (in > 0) {
                // with one in-edge, ready_by is that edge (its kind, its node, that node's worker): no "in"
                int from = ready.lastPredecessor(i);
                j.put(READY_BY);
                j.put(KIND_FROM[ready.readyBy(i).ordinal()]);
                j.putNumber(from);
                j.put(ON_WORKER);
                j.putNumber(nodes.worker(from));
                j.put('"');
            }
            if (in > 1) {
                j.put(IN);
                for (int k = 0; k < in; k++) {
                    inEdge(i, k);
                }
                j.raw(']');
            }
            int site = nodes.site(i);
            if (site >= 0 && site < siteArgs.length) {
                if (siteArgs[site] == null) {
                    siteArgs[site] = siteArgs(sites.site(site));
                }
                j.raw(siteArgs[site]);
            }
            j.reserve(NODE_TAIL_ROOM);
            if (collapsed) {
                j.put(STRANDS);
                j.putNumber(strands);
                j.put(CREATES);
                j.putNumber(nodes.creates(i));
                j.put(WAITS);
                j.putNumber(nodes.waits(i));
                j.put(SPAN);
                j.putNumber(nodes.span(i));
                j.put(INNER_DELAY);
                j.putNumber(nodes.innerDelay(i));
            }
            j.put(CLOSE2);
        }

        /** Node {@code i}'s {@code k}-th in-edge in its "in" list. */
        private void inEdge(int i, int k) throws IOException {
            j.reserve(EDGE_ROOM);
            if (k > 0) {
                j.put(',');
            }
            int from = nodes.inFrom(i, k);
            j.put('"');
            j.put(KIND_FROM[nodes.inKind(i, k).ordinal()]);
            j.putNumber(from);
            j.put(ON_WORKER);
            j.putNumber(nodes.worker(from));
            j.put('"');
        }

        private void idle(IdleTrack t, byte[] thread, long from, long to) throws IOException {
            next();
            j.raw(IDLE_HEAD);
            j.micros(from);
            j.raw(DUR);
            j.micros(to - from);
            j.raw(PID_TID);
            j.number(t.tid());
            if (!options.args()) {
                j.raw('}');
                return;
            }
            j.raw(IDLE_WORKER);
            j.number(t.busy().worker());
            j.raw(IDLE_THREAD);
            j.raw(thread);
            j.raw(IDLE_NS);
            j.number(to - from);
            j.raw(CLOSE2);
        }

        /** Arrows for the create and end edges between workers; @return how many */
        private int flows(int[] tid) throws IOException {
            int flows = 0;
            long flowId = 0;
            for (int n = 0; n < nodes.size(); n++) {
                for (int k = 0; k < nodes.inCount(n); k++) {
                    if (!isArrow(nodes, n, k)) {
                        continue;
                    }
                    int from = nodes.inFrom(n, k);
                    EdgeKind kind = nodes.inKind(n, k);
                    flowId++;
                    // bind each end inside its slice: at the middle of the source, the middle of the target
                    flow(0, kind, flowId, tid[from], nodes.start(from) + (nodes.end(from) - nodes.start(from)) / 2);
                    flow(1, kind, flowId, tid[n], nodes.start(n) + (nodes.end(n) - nodes.start(n)) / 2);
                    flows++;
                }
            }
            return flows;
        }

        /** @param phase 0 for the arrow's start ("s"), 1 for its end ("f", bound to the enclosing slice) */
        private void flow(int phase, EdgeKind kind, long id, int tid, long ts) throws IOException {
            j.reserve(FLOW_ROOM);
            putNext();
            j.put(FLOW_HEAD[2 * kind.ordinal() + phase]);
            j.putNumber(id);
            j.put(PID_TID);
            j.putNumber(tid);
            j.put(TS);
            j.putMicros(ts);
            if (phase == 1) {
                j.put(FLOW_F_END);
            } else {
                j.put('}');
            }
        }

        /**
         * One event a series (running, ready by edge kind) where its level differs, bit for bit (-0.0 as
         * 0.0: both are written "0.0"), from the last one written for it: every series at the profile's
         * first segment, then only those that change (the feed's segments are those where one or more
         * did), and, at the profile's end, each series not already at zero back to zero. Each series is its own counter (a name of its own), so each
         * holds its value until its next event in both viewers; @return how many events
         */
        private int counters(CounterFeed feed) throws IOException {
            long[] written = new long[SERIES.length];     // each series' last value's bits
            Arrays.fill(written, UNWRITTEN);
            int events = 0;
            while (true) {
                CounterFeed.Batch b = feed.next();
                events += counters(b, written);
                if (b.last) {
                    if (events > 0) {                      // the profile has segments: each series had an event
                        long zero = Double.doubleToLongBits(0.0);
                        for (int s = 0; s < written.length; s++) {
                            if (written[s] != zero) {
                                counter(s, b.end, 0.0);
                                events++;
                            }
                        }
                    }
                    return events;
                }
                feed.recycle(b);
            }
        }

        /**
         * The events of one batch of the feed's segments (a method of its own, called a batch: the JIT
         * compiles it once, where a loop over every batch in {@link #counters(CounterFeed)} was compiled
         * on the stack and again after each path it had not seen: five C2 compiles, 0.67 s of CPU);
         * @return how many
         */
        private int counters(CounterFeed.Batch b, long[] written) throws IOException {
            int width = written.length;
            double[] levels = b.levels;
            long[] times = b.times;
            int events = 0;
            for (int i = 0, at = 0; i < b.size; i++) {
                long t = times[i];
                for (int s = 0; s < width; s++, at++) {
                    double v = levels[at] + 0.0;                      // -0.0 is 0.0, as written
                    long bits = Double.doubleToLongBits(v);
                    if (bits != written[s]) {
                        written[s] = bits;
                        counter(s, t, v);
                        events++;
                    }
                }
            }
            return events;
        }

        /** Series {@code s}'s level {@code value} from {@code t} on. */
        private void counter(int s, long t, double value) throws IOException {
            j.reserve(COUNTER_ROOM);
            j.put(SERIES_HEAD[s]);
            j.putMicros(t);
            int whole = (int) value;
            if (whole == value && whole >= 0 && whole < WHOLE_TAILS) {    // NaN is no whole number
                j.put(SERIES_TAIL[s][whole]);
                return;
            }
            j.put(SERIES_ARG[s]);
            j.putRatio(value, SERIES_KEY[s]);
            j.put(CLOSE2);
        }
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
        // the gaps by worker in an array for the pass over every node (a map's lookup a node, boxed, took
        // 60 ms of 3 M nodes); a worker numbered outside it is looked up in the map
        int maxWorker = -1;
        for (int w : gapsOf.keySet()) {
            maxWorker = Math.max(maxWorker, w);
        }
        long[][] gapsByWorker = new long[Math.min(maxWorker + 1, 1 << 16)][];
        for (Map.Entry<Integer, long[]> e : gapsOf.entrySet()) {
            if (e.getKey() >= 0 && e.getKey() < gapsByWorker.length) {
                gapsByWorker[e.getKey()] = e.getValue();
            }
        }
        java.util.Set<Integer> clash = new java.util.HashSet<>();
        for (int i = 0; i < nodes.size(); i++) {
            int w = nodes.worker(i);
            if (tid[i] != w + 1) {
                continue;                                              // a node off its worker's own track
            }
            long[] gaps = w >= 0 && w < gapsByWorker.length ? gapsByWorker[w] : gapsOf.get(w);
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
        int[] order = nodes.byWorkerThenStart(true);      // by worker, start, the longest first, id
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
}
