package io.forkscope.model;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How many DAG nodes a recording's blocks say they hold, found by reading only each block's frame and
 * the count that opens a block of nodes (a few bytes a block, the payloads skipped), so that the reader
 * can make its node columns that large at once: grown from small, they were copied some thirty times
 * on a 3 M-node file, some 500 MB of arrays made only to be thrown away, and the collector grew the heap
 * to keep up (to 1.5 GB on JDK 25 for `delays`, whose data take 0.7 GB).
 *
 * <p>A hint, not a check: the scan stops at the first frame that does not fit the file (a damaged or
 * cut file), and a count larger than its block could hold (a node takes at least {@link #MIN_NODE_BYTES})
 * is taken as that many; the reader checks every block itself and grows its columns past the hint if
 * the file holds more.
 */
final class NodeCountScan {
    /** The fewest bytes a node takes in any layout (V7: id, worker, times, work, end, edges, ... one byte each at least). */
    static final int MIN_NODE_BYTES = 16;

    private NodeCountScan() {}

    /** @return the nodes the file's node blocks announce (0 when it cannot be read, or holds none) */
    static int nodes(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return nodes(ch);
        } catch (IOException | RuntimeException e) {
            return 0;                             // a hint only: the reader says what is wrong with the file
        }
    }

    private static int nodes(FileChannel ch) throws IOException {
        long size = ch.size();
        long at = RecordingFormat.HEADER_BYTES;
        long total = 0;
        ByteBuffer frame = ByteBuffer.allocate(5 + 10);       // type, length, and a count of up to ten bytes
        while (at + 5 <= size) {
            frame.clear();
            while (frame.hasRemaining() && ch.read(frame, at + frame.position()) > 0) {
                // read what the file still holds of the frame and the count
            }
            frame.flip();
            int type = frame.get() & 0xff;
            int length = frame.getInt();
            if (length < 0 || length > RecordingFormat.MAX_PAYLOAD || at + RecordingFormat.BLOCK_FRAME_BYTES + length > size) {
                break;                             // a damaged or cut block: the reader stops there too
            }
            long count = count(type, frame);
            if (count > 0) {
                total += Math.min(count, length / MIN_NODE_BYTES + 1);
            }
            at += RecordingFormat.BLOCK_FRAME_BYTES + length;
        }
        return (int) Math.min(total, Integer.MAX_VALUE - 64);
    }

    /** @return the node count opening a block of nodes (the frame's bytes after the length), else 0 */
    private static long count(int type, ByteBuffer rest) {
        try {
            return switch (type) {
                case RecordingFormat.BLOCK_DAG_NODES_V7 -> Varints.readUnsigned(rest);
                case RecordingFormat.BLOCK_DAG_NODES, RecordingFormat.BLOCK_DAG_NODES_V2,
                     RecordingFormat.BLOCK_DAG_NODES_V3, RecordingFormat.BLOCK_DAG_NODES_V4,
                     RecordingFormat.BLOCK_DAG_NODES_V5, RecordingFormat.BLOCK_DAG_NODES_V6 ->
                        Integer.toUnsignedLong(rest.getInt());
                default -> 0;
            };
        } catch (IOException | RuntimeException e) {
            return 0;                              // the bytes end inside the count, or it runs past ten bytes
        }
    }
}
