package io.forkscope.model;

/**
 * The JIT compilers' time inside a section of the run, against the section's wall-clock length:
 * the sign of code measured while still cold (interpreted, or compiled at a lower tier), whose
 * strand times and their ratios then say more about the JIT than about the program (measures.md
 * §2, "JIT compilation").
 *
 * @param compileNs the compilers' time, summed over compiler threads; -1 unknown
 * @param elapsedNs the section's wall-clock length; -1 unknown
 */
public record Compilation(long compileNs, long elapsedNs) {
    /**
     * From this share of the section's elapsed time on, reports say the code was still being
     * compiled. A warm loop's steady state compiles next to nothing (well under 1%); a cold first
     * run of a few hundred milliseconds compiles for tens of percent of it (docs/measures.md).
     */
    public static final double COLD_SHARE = 0.10;
    /** Below this compilation time a section is never called cold: the counter has a ms's resolution. */
    public static final long COLD_MIN_NS = 5_000_000L;

    /** @return whether both numbers are known */
    public boolean known() {
        return compileNs >= 0 && elapsedNs > 0;
    }

    /** @return compilation time over elapsed time, NaN when unknown; may exceed 1 (several compiler threads) */
    public double share() {
        return known() ? (double) compileNs / elapsedNs : Double.NaN;
    }

    /** @return whether the section ran while a large share of time went to compiling its code */
    public boolean cold() {
        return known() && compileNs >= COLD_MIN_NS && share() >= COLD_SHARE;
    }
}
