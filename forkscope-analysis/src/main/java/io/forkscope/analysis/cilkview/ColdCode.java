package io.forkscope.analysis.cilkview;

import io.forkscope.model.Compilation;
import io.forkscope.model.Unit;
import java.util.Locale;
import java.util.Optional;

/**
 * Says when a section was measured while its code was still being compiled (measures.md §2, "JIT
 * compilation"). The JVM runs a method interpreted first and compiles it after some thousands of
 * calls or loop iterations, so the first run of a recursive computation times its first subtrees
 * interpreted and its later ones compiled: strand times, and the ratios between them (a call
 * site's work against another's, φ in fib), measure the JIT's warm-up more than the program. The
 * fix is the program's, not forkscope's: run the operation a few times first, and measure a
 * later run in a region.
 */
public final class ColdCode {
    private ColdCode() {}

    /**
     * @param wholeRun whether the section is the whole run, whose compilation time is read from its
     *                 first event to the recording's end rather than over its own elapsed time
     * @return the finding, when the section is {@link Compilation#cold() cold} and its unit is time
     *     (declared units do not depend on how the code ran)
     */
    public static Optional<Diagnosis> diagnosis(Compilation c, Unit unit, boolean wholeRun) {
        if (unit != Unit.TIME || !c.cold()) {
            return Optional.empty();
        }
        String over = wholeRun ? "the " + ms(c.elapsedNs()) + " from the run's first event to the recording's end"
                : "this region's " + ms(c.elapsedNs());
        return Optional.of(new Diagnosis(Diagnosis.Kind.COLD_CODE, String.format(Locale.ROOT,
                "code still being compiled: the JIT compilers worked %s during %s (%.0f%%), so these times include"
                        + " interpreted and not yet optimised code; warm up first (run the operation a few times),"
                        + " then measure a later run in a region (Forkscope.region)",
                ms(c.compileNs()), over, 100 * c.share())));
    }

    /**
     * The whole run's finding when it is cold but every region ran warm (the program warmed up, then
     * measured in regions, as advised): the regions are the numbers to read.
     */
    public static Optional<Diagnosis> warmedUp(Compilation c, Unit unit) {
        if (unit != Unit.TIME || !c.cold()) {
            return Optional.empty();
        }
        return Optional.of(new Diagnosis(Diagnosis.Kind.COLD_CODE, String.format(Locale.ROOT,
                "code still being compiled in the whole run (the JIT compilers worked %s during its %s, %.0f%%), but"
                        + " not in its regions: read the regions below, measured after the warm-up",
                ms(c.compileNs()), ms(c.elapsedNs()), 100 * c.share())));
    }

    private static String ms(long ns) {
        return String.format(Locale.ROOT, "%,.0f ms", ns / 1e6);
    }
}
