package io.forkscope.model;

import io.forkscope.model.slots.OutsideThread;
import io.forkscope.model.slots.PoolLife;
import io.forkscope.model.slots.WorkerSlots;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The {@link RecordingFormat#BLOCK_SLOTS} block: the run's worker slots (measures.md §2). */
final class SlotsBlock {
    private SlotsBlock() {}

    static void write(DataOutputStream out, WorkerSlots slots) throws IOException {
        out.writeLong(slots.begin());
        out.writeLong(slots.end());
        out.writeInt(slots.threads());
        out.writeInt(slots.pools().size());
        for (PoolLife p : slots.pools()) {
            out.writeInt(p.parallelism());
            out.writeBoolean(p.common());
            out.writeLong(p.from());
            out.writeLong(p.to());
            out.writeInt(p.threads());
        }
        out.writeInt(slots.outside().size());
        for (OutsideThread t : slots.outside()) {
            out.writeInt(t.worker());
            out.writeUTF(t.thread());
            long[] intervals = t.intervals();
            out.writeInt(intervals.length / 2);
            for (long x : intervals) {
                out.writeLong(x);
            }
        }
    }

    /** @throws SitesBlock.DamagedBlock when a count exceeds the payload or a value is impossible */
    static WorkerSlots read(DataInputStream in, int payload) throws IOException {
        long begin = in.readLong();
        long end = in.readLong();
        int threads = in.readInt();
        int n = in.readInt();
        if (n < 0 || n > payload / 25) {
            throw new SitesBlock.DamagedBlock("holds an impossible number of pools, " + n);
        }
        try {
            List<PoolLife> pools = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                pools.add(new PoolLife(in.readInt(), in.readBoolean(), in.readLong(), in.readLong(), in.readInt()));
            }
            int m = in.readInt();
            if (m < 0 || m > payload / 10) {
                throw new SitesBlock.DamagedBlock("holds an impossible number of outside threads, " + m);
            }
            List<OutsideThread> outside = new ArrayList<>(m);
            for (int i = 0; i < m; i++) {
                int worker = in.readInt();
                String name = in.readUTF();
                int k = in.readInt();
                if (k < 0 || k > payload / 16) {
                    throw new SitesBlock.DamagedBlock("holds an impossible number of intervals, " + k);
                }
                long[] intervals = new long[2 * k];
                for (int j = 0; j < intervals.length; j++) {
                    intervals[j] = in.readLong();
                }
                outside.add(new OutsideThread(worker, name, intervals));
            }
            return WorkerSlots.of(begin, end, threads, pools, outside, 1);
        } catch (IllegalArgumentException e) {
            throw new SitesBlock.DamagedBlock("is inconsistent: " + e.getMessage());
        }
    }
}
