package io.forkscope.model;

import java.util.Locale;

/**
 * Why a reader stopped before a recording file's end: the file is cut short (it ends inside a
 * block: a JVM killed while writing, a copy cut off) or a block is damaged (its checksum does not
 * match, its length is impossible, or its contents contradict it). Everything before that block
 * was read; nothing from it on.
 *
 * @param kind           cut short or damaged
 * @param at             cut: the file's length (it ends after byte {@code at}); damaged: the offset
 *                       where the damaged block starts
 * @param blockStart     the offset where the incomplete or damaged block starts
 * @param blockType      that block's type byte
 * @param what           damaged: what is wrong with the block, for people; cut: empty
 * @param completeBlocks how many whole blocks come before it
 */
public record RecordingDamage(Kind kind, long at, long blockStart, int blockType, String what, int completeBlocks) {
    public enum Kind { CUT, DAMAGED }

    /** @return the damage in a few words: "cut short after byte N" or "damaged at byte N (block type T, NAME): WHAT" */
    public String summary() {
        return kind == Kind.CUT ? "cut short after byte " + at
                : String.format(Locale.ROOT, "damaged at byte %d (block type %d, %s): %s", at, blockType,
                        RecordingFormat.blockName(blockType), what);
    }

    /** @return the reader's warning: the file, the damage, what is shown instead */
    public String warning(String name) {
        String where = kind == Kind.CUT
                ? " (inside a " + RecordingFormat.blockName(blockType) + " block of type " + blockType
                        + " that starts at byte " + blockStart + ")"
                : "";
        return name + ": " + summary() + where + "; showing what the " + completeBlocks
                + " complete block(s) before it hold";
    }
}
