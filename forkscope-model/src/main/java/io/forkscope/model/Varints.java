package io.forkscope.model;

import java.io.DataOutput;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Variable-length integers for the compact blocks (LEB128: seven bits a byte, low bits first, the
 * high bit set on every byte but the last), and zigzag for signed values (0, -1, 1, -2, ... as 0, 1,
 * 2, 3, ...), so a small value of either sign takes one byte and any long at most ten.
 */
final class Varints {
    private Varints() {}

    static void writeUnsigned(DataOutput out, long v) throws IOException {
        while ((v & ~0x7FL) != 0) {
            out.writeByte((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.writeByte((int) v);
    }

    static void writeSigned(DataOutput out, long v) throws IOException {
        writeUnsigned(out, (v << 1) ^ (v >> 63));
    }

    /** @throws java.nio.BufferUnderflowException when the bytes end inside the number */
    static long readUnsigned(ByteBuffer in) throws IOException {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = in.get();
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
        throw new IOException("a variable-length number runs past ten bytes");
    }

    static long readSigned(ByteBuffer in) throws IOException {
        long z = readUnsigned(in);
        return (z >>> 1) ^ -(z & 1);
    }

    /** @return an unsigned number that must fit an int (a count, an index), else IOException (a damaged block) */
    static int readUnsignedInt(ByteBuffer in) throws IOException {
        long v = readUnsigned(in);
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw new IOException("a count or index of " + Long.toUnsignedString(v) + " does not fit");
        }
        return (int) v;
    }

    /** @return a signed number that must fit an int, else IOException (a damaged block) */
    static int readSignedInt(ByteBuffer in) throws IOException {
        long v = readSigned(in);
        if (v != (int) v) {
            throw new IOException("a number of " + v + " does not fit where an int belongs");
        }
        return (int) v;
    }
}
