package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.RegionSites;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.model.sites.SiteProfile;
import io.forkscope.model.sites.SitesResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Format 1.4's call-site block (11): every field of every site and profile reads back as written;
 * a file without it (1.3 or older, or a recording made without --sites) has no sites; cut at any
 * byte, a file with it opens up to its last complete block, never with half a site table; a block
 * whose contents contradict each other is damaged, not read.
 */
class SitesBlockTest {
    static final WorkSpan WS = new WorkSpan(1000, 250, 300, 7, 5, 12345);

    /** Two sites in QuickSort.compute (one without a line), one in main; both profiles. */
    static RecordedSites quicksort() {
        List<CallSite> sites = List.of(
                new CallSite(0, 0, "app.Main", "main", "([Ljava/lang/String;)V", 12, 9, "Main.java", SiteKind.CALL,
                        "app.QuickSort.sort"),
                new CallSite(1, 1, "app.QuickSort$SortTask", "compute", "()V", 41, 41, "QuickSort.java",
                        SiteKind.CALL, "app.QuickSort.partition"),
                new CallSite(2, 1, "app.QuickSort$SortTask", "compute", "()V", 57, -1, null, SiteKind.FORK, null));
        SiteProfile onWork = new SiteProfile(List.of(
                new SiteMeasures(0, new Measurement(1, 900, 200), new Measurement(1, 900, 200), new Measurement(1, 5, 5)),
                new SiteMeasures(1, new Measurement(7, 600, 180), new Measurement(7, 600, 180),
                        new Measurement(7, 600, 180)),
                new SiteMeasures(2, new Measurement(3, 295, 60), new Measurement(3, 295, 60),
                        new Measurement(6, 295, 10))), 100, 50);
        SiteProfile onSpan = new SiteProfile(List.of(
                new SiteMeasures(0, new Measurement(1, 900, 200), new Measurement(1, 900, 200), new Measurement(1, 5, 5)),
                new SiteMeasures(1, new Measurement(3, 400, 180), new Measurement(3, 400, 180),
                        new Measurement(3, 400, 180))), 100, 50);
        return new RecordedSites(sites, new SitesResult(1000, 250, onWork, onSpan, 2));
    }

    static byte[] written(RecordedSites sites, boolean ended) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time", "sites", "true"));
        w.wholeRun(new WholeRun(WS, 4, 3, 17, false));
        w.wholeRun(new WholeRun(WS, 4, 3, 17, true));
        if (sites != null) {
            w.sites(sites);
        }
        if (ended) {
            w.endOfRecording();
        }
        return bytes.toByteArray();
    }

    static Recording read(byte[] bytes) throws Exception {
        return RecordingReader.read(new ByteArrayInputStream(bytes), "s.fsk");
    }

    @Test
    void aHandBuiltProfileReadsBackFieldForField() throws Exception {
        Recording r = read(written(quicksort(), true));
        assertThat(r.complete()).isTrue();
        assertThat(r.warnings()).isEmpty();
        assertThat(r.recordedSites()).contains(quicksort());
        assertThat(r.sites().site(2).where()).isEqualTo("app.QuickSort$SortTask.compute@57");
        assertThat(r.sites().site(2).callee()).isNull();
        assertThat(r.sites().wholeRun().foreignJoins()).isEqualTo(2);
    }

    @Test
    void theFileSaysFormat14OrLater() throws Exception {
        byte[] b = written(quicksort(), true);
        assertThat(RecordingFormat.MINOR).isGreaterThanOrEqualTo(4);   // 1.5 added the samples block
        assertThat(Arrays.copyOfRange(b, 8, 12)).containsExactly(0, 1, 0, RecordingFormat.MINOR);
    }

    @Test
    void aRecordingWithoutTheBlockHasNoSites() throws Exception {
        Recording r = read(written(null, true));
        assertThat(r.complete()).isTrue();
        assertThat(r.recordedSites()).isEmpty();
        assertThat(r.sites()).isNull();
    }

    /** A 1.3 file is a 1.4 file without block 11: it reads as before, with no sites. */
    @Test
    void aFormat13FileReadsAsBefore() throws Exception {
        for (byte[] b : List.of(written(null, true), RecordingCompletenessTest.failed(true),
                DagFormat12Test.written())) {
            b[11] = 3;
            Recording r = RecordingReader.read(new ByteArrayInputStream(b), "old.fsk");
            assertThat(r.recordedSites()).isEmpty();
            assertThat(r.wholeRun()).isNotNull();
        }
        byte[] b = written(null, true);
        b[11] = 3;
        assertThat(read(b).complete()).isTrue();
    }

    /** A reader of 1.3 skips type 11 by its length: the block is framed like every other. */
    @Test
    void theBlockIsFramedSoThatOlderReadersSkipIt() throws Exception {
        byte[] withSites = written(quicksort(), true);
        byte[] without = written(null, true);
        int start = without.length - 9;   // the end block: type(1) length(4) crc(4)
        assertThat(withSites[start]).isEqualTo((byte) RecordingFormat.BLOCK_SITES);
        int length = ((withSites[start + 1] & 0xff) << 24) | ((withSites[start + 2] & 0xff) << 16)
                | ((withSites[start + 3] & 0xff) << 8) | (withSites[start + 4] & 0xff);
        assertThat(start + 1 + 4 + length + 4 + 9).isEqualTo(withSites.length);
    }

    /**
     * Cut at every byte: before the first snapshot it is refused (tested elsewhere); after it, it
     * opens, incomplete, with the reason first; the sites are either all there (the block was whole)
     * or absent, never half a table.
     */
    @Test
    void everyCutOpensUpToItsLastCompleteBlock() throws Exception {
        byte[] full = written(quicksort(), true);
        int blockStart = written(null, false).length;
        int blockEnd = full.length - 9;
        int opened = 0;
        for (int cut = 0; cut < full.length; cut++) {
            Recording r;
            try {
                r = read(Arrays.copyOf(full, cut));
            } catch (RecordingException e) {
                continue;
            }
            opened++;
            assertThat(r.complete()).as("cut at %d", cut).isFalse();
            assertThat(r.wholeRun()).isNotNull();
            if (cut >= blockEnd) {
                assertThat(r.recordedSites()).as("cut at %d", cut).contains(quicksort());
            } else {
                assertThat(r.recordedSites()).as("cut at %d", cut).isEmpty();
            }
            String first = r.warnings().get(0);
            if (r.truncated()) {
                assertThat(first).as("cut at %d", cut).startsWith("s.fsk: cut short after byte " + cut + " (inside a ");
            } else {
                assertThat(first).as("cut at %d", cut).matches("s\\.fsk: the recording (was not closed|has no end block).*");
            }
            if (cut > blockStart && cut < blockEnd) {
                assertThat(r.truncated()).as("cut at %d", cut).isTrue();
            }
        }
        assertThat(opened).isGreaterThan(blockEnd - blockStart);
    }

    @Test
    void aProfileNamingASiteTheTableLacksIsADamagedBlock() throws Exception {
        // a table of two sites and an on-work profile of site 1, then the 1 changed into a 2
        RecordedSites two = new RecordedSites(quicksort().sites().subList(0, 2), new SitesResult(0, 0,
                new SiteProfile(List.of(new SiteMeasures(1, Measurement.ZERO, Measurement.ZERO, Measurement.ZERO)), 0, 0),
                new SiteProfile(List.of(), 0, 0), 0));
        byte[] b = written(two, true);
        int start = written(null, false).length;
        int payloadEnd = b.length - 9 - 4;
        int siteInt = payloadEnd - 4 - (2 * 8 + 4) - 9 * 8 - 4;   // regions, on span, the measures, the id
        assertThat(b[siteInt + 3]).isEqualTo((byte) 1);
        b[siteInt + 3] = 2;
        fixCrc(b, start);
        Recording r = read(b);
        assertThat(r.recordedSites()).isEmpty();
        assertThat(r.truncated()).isTrue();
        assertThat(r.complete()).isFalse();
        assertThat(r.warnings().get(0)).isEqualTo("s.fsk: damaged at byte " + start + " (block type 11, call sites):"
                + " it has a profile of site 2, which its table of 2 sites does not hold; showing what the 3 complete"
                + " block(s) before it hold");
    }

    @Test
    void anUnknownKindIsADamagedBlock() throws Exception {
        byte[] b = written(new RecordedSites(List.of(new CallSite(0, 0, "C", "m", "()V", 1, 2, "C.java",
                SiteKind.LAMBDA, "x")), new SitesResult(0, 0, new SiteProfile(List.of(), 0, 0),
                new SiteProfile(List.of(), 0, 0), 0)), true);
        // the kind byte: after the header, info and two snapshots, 5 bytes of framing, then the table
        int at = indexOfKind(b);
        b[at] = 9;
        fixCrc(b, written(null, false).length);
        Recording r = read(b);
        assertThat(r.recordedSites()).isEmpty();
        assertThat(r.warnings().get(0)).contains("(block type 11, call sites): it has a site of unknown kind 9");
    }

    // ---- random profiles ----

    @Property(tries = 300)
    void everyProfileReadsBackAsWritten(@ForAll("recordedSites") RecordedSites sites) throws Exception {
        Recording r = read(written(sites, true));
        assertThat(r.complete()).isTrue();
        assertThat(r.recordedSites()).contains(sites);
    }

    @Provide
    Arbitrary<RecordedSites> recordedSites() {
        return Arbitraries.integers().between(0, 12).flatMap(n -> {
            Arbitrary<List<CallSite>> table = Combinators.combine(
                    Arbitraries.integers().between(0, 5).list().ofSize(n),
                    names().list().ofSize(n),
                    Arbitraries.integers().between(-1, 70_000).list().ofSize(n),
                    Arbitraries.of(SiteKind.class).list().ofSize(n),
                    names().injectNull(0.3).list().ofSize(n),
                    names().injectNull(0.3).list().ofSize(n)).as((methods, classes, lines, kinds, files, callees) -> {
                        List<CallSite> out = new ArrayList<>();
                        for (int i = 0; i < n; i++) {
                            out.add(new CallSite(i, methods.get(i), classes.get(i), "m" + i, "(I)V", Math.abs(lines.get(i)),
                                    lines.get(i), files.get(i), kinds.get(i), callees.get(i)));
                        }
                        return out;
                    });
            Arbitrary<SitesResult> result = results(n);
            Arbitrary<List<RegionSites>> regions = Combinators.combine(names(), results(n)).as(RegionSites::new)
                    .list().ofMaxSize(2);
            return Combinators.combine(table, result, regions).as(RecordedSites::new);
        });
    }

    static Arbitrary<String> names() {
        // any characters, supplementary and NUL included: modified UTF-8 must carry them all
        return Arbitraries.strings().all().ofMaxLength(30);
    }

    static Arbitrary<SitesResult> results(int sites) {
        Arbitrary<Long> amount = Arbitraries.longs().between(0, Long.MAX_VALUE);
        return Combinators.combine(amount, amount, profile(sites), profile(sites), amount).as(SitesResult::new);
    }

    static Arbitrary<SiteProfile> profile(int sites) {
        if (sites == 0) {
            return Arbitraries.longs().between(0, 1L << 50).tuple2()
                    .map(t -> new SiteProfile(List.of(), t.get1(), t.get2()));
        }
        Arbitrary<Measurement> m = Arbitraries.longs().between(0, Long.MAX_VALUE).tuple3()
                .map(t -> new Measurement(t.get1(), t.get2(), t.get3()));
        Arbitrary<SiteMeasures> measures = Combinators.combine(Arbitraries.integers().between(0, sites - 1), m, m, m)
                .as(SiteMeasures::new);
        return Combinators.combine(measures.list().ofMaxSize(sites + 2), Arbitraries.longs().between(0, 1L << 50),
                Arbitraries.longs().between(0, 1L << 50)).as(SiteProfile::new);
    }

    // ---- byte surgery ----

    /** The kind byte of the only site of a one-site table. */
    private static int indexOfKind(byte[] file) throws IOException {
        int payload = written(null, false).length + 5;
        int at = payload + 4 + 4 + 4;   // count, id, callerMethod
        at += 2 + 1 + 2 + 1 + 2 + 3;    // "C", "m", "()V"
        at += 4 + 4;                    // bci, line
        at += 1 + 2 + 6;                // present, "C.java"
        return at;
    }

    /** Recomputes the checksum of the block starting at {@code start}. */
    private static void fixCrc(byte[] file, int start) {
        int length = ((file[start + 1] & 0xff) << 24) | ((file[start + 2] & 0xff) << 16)
                | ((file[start + 3] & 0xff) << 8) | (file[start + 4] & 0xff);
        CRC32 crc = new CRC32();
        crc.update(file, start, 5 + length);
        int v = (int) crc.getValue();
        int at = start + 5 + length;
        file[at] = (byte) (v >>> 24);
        file[at + 1] = (byte) (v >>> 16);
        file[at + 2] = (byte) (v >>> 8);
        file[at + 3] = (byte) v;
    }
}
