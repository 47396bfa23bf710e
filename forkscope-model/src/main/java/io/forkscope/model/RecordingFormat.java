package io.forkscope.model;

/**
 * The layout of a {@code .fsk} recording file.
 *
 * <pre>
 * file   := magic(8) major(u16) minor(u16) block*
 * magic  := "FSKREC" 0x0D 0x0A            (CR LF catches text-mode mangling)
 * block  := type(u8) length(u32) payload(length bytes) crc32(u32 over type, length and payload)
 * </pre>
 *
 * All numbers are big-endian; strings are {@link java.io.DataOutput#writeUTF modified UTF-8}.
 * Blocks are written whole with one write, so a killed JVM leaves a file whose last block may be
 * cut short: readers keep every complete block before it. Every block's checksum is verified as it
 * is read; the first block that is cut short (the file ends inside it), fails its checksum, claims
 * an impossible length or holds contents that contradict it ends the reading there, and the reader
 * says where ({@link RecordingDamage}). A length field damaged so that the block runs past the
 * file's end is told from a cut: a length one byte away from it makes a whole block with a
 * matching checksum. The header (magic and version) has no checksum: a damaged magic or major
 * version is not a recording, a damaged minor version goes unnoticed (readers decide by block
 * type, never by the minor version). A reader skips block types it does not
 * know when the major version matches (newer minor versions only add block types and keys); a
 * newer major version is refused.
 */
public final class RecordingFormat {
    private RecordingFormat() {}

    public static final byte[] MAGIC = {'F', 'S', 'K', 'R', 'E', 'C', 0x0D, 0x0A};
    public static final int MAJOR = 1;
    /**
     * 1.5: JFR sample blocks ({@link #BLOCK_SAMPLES}); 1.6: {@link #BLOCK_DAG_NODES_V3} (nodes carry
     * their call site); 1.7: {@link #BLOCK_DAG_NODES_V4} (a task's first node carries its site path),
     * and whole-run and region blocks end with the JIT compilers' time; 1.8: {@link #BLOCK_SLOTS} (the
     * worker slots); 1.9: {@link #BLOCK_DAG_NODES_V5} (nodes carry their not-running time), and the
     * information gets keys at the close (each thread's CPU time while sampled, the machine's load);
     * 1.10: {@link #BLOCK_DAG_NODES_V6} (nodes carry forkscope's own time before and inside them);
     * 1.11: {@link #BLOCK_DAG_NODES_V7} (the same nodes in variable-length numbers, a quarter of the size or less).
     * Readers decide by block type, never by this number, so either may come first.
     */
    public static final int MINOR = 11;

    /** Largest payload a reader accepts; anything larger is corruption. */
    public static final int MAX_PAYLOAD = 64 << 20;

    /** Key/value pairs of {@link RecordingInfo}: count(u32) (key, value)*. */
    public static final int BLOCK_INFO = 1;
    /**
     * A {@link WholeRun}: workSpan, workers(u32), threads(u32), tasks(u64), final(u8), then (1.7)
     * compileNs(i64) compileWindowNs(i64), -1 unknown. Readers take a block that ends before the
     * 1.7 fields (older files) as unknown, and older readers ignore the fields.
     */
    public static final int BLOCK_WHOLE_RUN = 2;
    /** A {@link RegionRecord}: label, thread, startNs(u64), workSpan, unjoined(u64), then (1.7) compileNs(i64, -1 unknown). */
    public static final int BLOCK_REGION = 3;
    /** One warning line from the recorder. */
    public static final int BLOCK_WARNING = 4;
    /** The recorder closed the file cleanly; no payload. */
    public static final int BLOCK_END = 5;
    /**
     * (1.1) A batch of DAG nodes (mode=dag): count(u32), then per node id(u64) worker(u32)
     * start(u64) end(u64) work(u64) ends(u8) edges(u16) (from(u64) kind(u8))* span(u64)
     * strands(u64) creates(u64) waits(u64) innerDelay(u64) (the last five for collapsed nodes).
     * Written up to format 1.1 only; readers still read it, giving each node a task-end count of 1
     * when it ends with END, else 0 (which undercounts collapsed nodes).
     */
    public static final int BLOCK_DAG_NODES = 6;
    /** (1.1) The DAG's frame: workers(u32) begin(u64) finish(u64); the last one counts. */
    public static final int BLOCK_DAG_RUN = 7;
    /**
     * (1.2) A batch of DAG nodes, as {@link #BLOCK_DAG_NODES} with taskEnds(u64) after
     * innerDelay: count(u32), then per node id(u64) worker(u32) start(u64) end(u64) work(u64)
     * ends(u8) edges(u16) (from(u64) kind(u8))* span(u64) strands(u64) creates(u64) waits(u64)
     * innerDelay(u64) taskEnds(u64) (task bodies that ended inside the node) firstId(u64) (a
     * collapsed node stands for every id of its thread from firstId to id; = id for a strand).
     * Replaces {@link #BLOCK_DAG_NODES} in what writers write.
     */
    public static final int BLOCK_DAG_NODES_V2 = 8;
    /**
     * (1.2) A batch of one worker's busy intervals (mode=dag): worker(u32) thread(UTF) count(u32)
     * (start(u64) end(u64))*, nanoseconds from the start of the recording. A worker may have many
     * batches; readers concatenate those of one worker, sort them and merge overlapping intervals
     * (see {@link io.forkscope.model.dag.WorkerBusy}).
     */
    public static final int BLOCK_DAG_BUSY = 9;
    /**
     * (1.3) The recorder failed internally and stopped recording: epochMs(u64) (when, as
     * {@link System#currentTimeMillis()}), text(UTF) (the error). Whatever the file holds after the
     * failure's moment is partial; readers mark such a recording incomplete whether or not an end
     * block follows.
     */
    public static final int BLOCK_FAILURE = 10;
    /**
     * (1.4) Call sites and their Cilkprof profiles (record --sites), written once at the end of the
     * run (the last one counts): the site table, then the whole run's result, then labelled
     * results (room for region profiles; none is written yet).
     * <pre>
     * sites    := count(u32) site*                      (site i has id i)
     * site     := id(u32) callerMethod(u32) className(UTF) methodName(UTF) descriptor(UTF) bci(u32)
     *             line(i32, -1 unknown) sourceFile(optUTF) kind(u8, SiteKind ordinal) callee(optUTF)
     * payload  := sites result regions(u32) (label(UTF) result)*
     * result   := work(u64) span(u64) foreignJoins(u64) profile(on work) profile(on span)
     * profile  := outsideWork(u64) outsideSpan(u64) count(u32)
     *             (site(u32) measure(top-call-site) measure(top-caller) measure(local))*
     * measure  := count(u64) work(u64) span(u64)
     * optUTF   := present(u8 0|1) [UTF]
     * </pre>
     * A block whose profiles name a site the table does not hold, or a kind this reader does not
     * know, is damaged. A recording without this block has no call sites.
     */
    public static final int BLOCK_SITES = 11;
    /**
     * (1.6) A batch of DAG nodes, as {@link #BLOCK_DAG_NODES_V2} with site(i32) after firstId: the
     * call site of the innermost site invocation the node's first strand ran in (an id of the
     * {@link #BLOCK_SITES} table), -1 for none. Replaces {@link #BLOCK_DAG_NODES_V2} in what writers
     * write; readers give the nodes of V1 and V2 blocks site -1.
     */
    public static final int BLOCK_DAG_NODES_V3 = 13;
    /**
     * (1.7) A batch of DAG nodes, as {@link #BLOCK_DAG_NODES_V3} with pathLength(u16) site(i32)* after
     * site: for the first node of a task, the call sites open in the task that created it, from that
     * task's entry down to the create, outermost first (the frames between the creator's entry and
     * the fork or inline run: the first part of the new task's logical context); empty otherwise.
     * Replaces {@link #BLOCK_DAG_NODES_V3} in what writers write; readers give the nodes of older
     * blocks an empty path.
     */
    public static final int BLOCK_DAG_NODES_V4 = 14;
    /**
     * (1.9) A batch of DAG nodes, as {@link #BLOCK_DAG_NODES_V4} with notRunning(u64) after the site
     * path: the time the node's thread was not running inside its strands, which the recorder took
     * out of their work (preempted, descheduled, blocked, stopped for GC; measures.md §1). Replaces
     * {@link #BLOCK_DAG_NODES_V4} in what writers write; readers give the nodes of older blocks 0.
     */
    public static final int BLOCK_DAG_NODES_V5 = 16;
    /**
     * (1.10) A batch of DAG nodes, as {@link #BLOCK_DAG_NODES_V5} with recorderBefore(u64) and
     * recorderInside(u64) after notRunning: forkscope's own time on the node's thread after its
     * previous node ended and before it started, and (collapsed nodes) between its inner strands
     * (measures.md §6). Replaces {@link #BLOCK_DAG_NODES_V5} in what writers write; readers give the
     * nodes of older blocks 0.
     */
    public static final int BLOCK_DAG_NODES_V6 = 17;
    /**
     * (1.11) A batch of DAG nodes with the fields of {@link #BLOCK_DAG_NODES_V6} in variable-length
     * numbers (LEB128; "s" marks zigzag-signed ones), most of them relative to the node before it in
     * the batch (a batch holds one thread's nodes in the order they ended, so ids and times are close):
     * <pre>
     * count(u)
     * node := idDelta(s: id − previous id, the first from 0) worker(u) startDelta(s: start − previous
     *         start, the first from 0) length(s: end − start) work(s) ends(u8)
     *         edges(u) (idMinusFrom(s: id − from) kind(u8))*
     *         span(s) strands(s) creates(s) waits(s) innerDelay(s) taskEnds(s)
     *         idMinusFirstId(s) site(s) pathLength(u) site(u)* notRunning(s) recorderBefore(s)
     *         recorderInside(s)
     * </pre>
     * The values and their checks are V6's; a number longer than ten bytes, or a count that does not
     * fit, makes the block damaged. A strand takes some 25-35 bytes where V6 took 134. Replaces
     * {@link #BLOCK_DAG_NODES_V6} in what writers write.
     */
    public static final int BLOCK_DAG_NODES_V7 = 18;

    /**
     * (1.5) A piece of the JDK Flight Recorder file holding the run's stack samples (record
     * --sample), written at the end of the run after the call sites: offset(u64) last(u8)
     * bytes(the rest of the payload). A recorder writes the JFR file's bytes in order, in pieces of
     * at most {@link #SAMPLES_PIECE} bytes, offsets contiguous from 0, the last piece flagged. A
     * reader joins the pieces; pieces that do not join up, or no last piece (a file cut inside the
     * samples), leave the recording without samples and with a warning. The JFR file holds
     * jdk.ExecutionSample (and, on JDKs that have it, jdk.CPUTimeSample) events and the recorder's
     * clock anchors ({@code io.forkscope.ClockAnchor}, field {@code sinceOriginNs}: the recorder's
     * time of the event, whose JFR start time aligns the two clocks).
     */
    public static final int BLOCK_SAMPLES = 12;

    /**
     * (1.8) The run's worker slots (measures.md §2, {@link io.forkscope.model.slots.WorkerSlots}),
     * written with the final snapshot (the last one counts):
     * <pre>
     * payload := begin(u64) end(u64) threads(u32) pools(u32) pool* outside(u32) thread*
     * pool    := parallelism(u32) common(u8) from(u64) to(u64) threads(u32)
     * thread  := worker(u32) name(UTF) count(u32) (start(u64) end(u64))*
     * </pre>
     * Times in ns from the start of the recording: begin and end are the run's first and last event,
     * a pool's from and to its workers' first and last event, a thread's intervals its outermost task
     * bodies. A recording without this block has a constant P (WholeRun's workers).
     */
    public static final int BLOCK_SLOTS = 15;

    /** Largest piece of JFR bytes in one {@link #BLOCK_SAMPLES} block (well under {@link #MAX_PAYLOAD}). */
    public static final int SAMPLES_PIECE = 16 << 20;

    /** Bytes before the first block: magic, major, minor. */
    public static final int HEADER_BYTES = MAGIC.length + 4;

    /** Bytes of a block besides its payload: type(1), length(4), crc32(4). */
    public static final int BLOCK_FRAME_BYTES = 9;

    /** @return what a block of this type holds, for people ("DAG nodes"); "unknown" for a type of a newer minor version */
    public static String blockName(int type) {
        return switch (type) {
            case BLOCK_INFO -> "information";
            case BLOCK_WHOLE_RUN -> "whole run";
            case BLOCK_REGION -> "region";
            case BLOCK_WARNING -> "warning";
            case BLOCK_END -> "end";
            case BLOCK_DAG_NODES, BLOCK_DAG_NODES_V2, BLOCK_DAG_NODES_V3, BLOCK_DAG_NODES_V4, BLOCK_DAG_NODES_V5, BLOCK_DAG_NODES_V6,
                 BLOCK_DAG_NODES_V7 -> "DAG nodes";
            case BLOCK_DAG_RUN -> "DAG frame";
            case BLOCK_DAG_BUSY -> "busy intervals";
            case BLOCK_FAILURE -> "recorder failure";
            case BLOCK_SITES -> "call sites";
            case BLOCK_SAMPLES -> "stack samples";
            case BLOCK_SLOTS -> "worker slots";
            default -> "unknown";
        };
    }
}
