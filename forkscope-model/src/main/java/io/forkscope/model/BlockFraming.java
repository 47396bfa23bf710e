package io.forkscope.model;

import java.util.zip.CRC32;

/**
 * Checks on a block's framing (see {@link RecordingFormat}): its checksum, and whether a block that
 * runs past the file's end is a cut (the file lost its tail) or a damaged length field.
 */
final class BlockFraming {
    private BlockFraming() {}

    /** @return whether {@code crc[at..at+4]} is the CRC-32 of the type, the length bytes and {@code payload[from..from+len]} */
    static boolean checksumMatches(int type, byte[] length, byte[] payload, int from, int len, byte[] crc, int at) {
        CRC32 c = new CRC32();
        c.update(type);
        c.update(length, 0, 4);
        c.update(payload, from, len);
        int expected = ((crc[at] & 0xff) << 24) | ((crc[at + 1] & 0xff) << 16) | ((crc[at + 2] & 0xff) << 8)
                | (crc[at + 3] & 0xff);
        return (int) c.getValue() == expected;
    }

    /**
     * A block whose length runs past the file's end is what a cut leaves, unless one byte of its
     * length field was damaged: then some length that differs from it in one byte makes a whole
     * block with a matching checksum from the bytes the file still holds, followed by the file's end
     * or by what looks like the next block's frame. A cut block cannot do that (its length is its
     * true length), except by a chance of about 2^-32 per candidate.
     *
     * @param rest every byte of the file after the block's length field
     */
    static boolean lengthDamaged(int type, byte[] length, byte[] rest) {
        for (int k = 0; k < 4; k++) {
            for (int v = 0; v < 256; v++) {
                if (v == (length[k] & 0xff)) {
                    continue;
                }
                byte[] candidate = length.clone();
                candidate[k] = (byte) v;
                long len = ((candidate[0] & 0xffL) << 24) | ((candidate[1] & 0xffL) << 16)
                        | ((candidate[2] & 0xffL) << 8) | (candidate[3] & 0xffL);
                long end = len + 4;   // where the next block would start within rest
                if (end > rest.length || !nextLooksLikeABlock(rest, (int) end)) {
                    continue;
                }
                if (checksumMatches(type, candidate, rest, 0, (int) len, rest, (int) len)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** @return whether {@code rest} ends at {@code at}, or holds there a frame whose length fits a block */
    private static boolean nextLooksLikeABlock(byte[] rest, int at) {
        if (at == rest.length) {
            return true;
        }
        if (rest.length - at < 5) {
            return true;   // a cut inside the next block's frame
        }
        long len = ((rest[at + 1] & 0xffL) << 24) | ((rest[at + 2] & 0xffL) << 16) | ((rest[at + 3] & 0xffL) << 8)
                | (rest[at + 4] & 0xffL);
        return len <= RecordingFormat.MAX_PAYLOAD;
    }
}
