package io.forkscope.model;

import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.RegionSites;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.model.sites.SiteProfile;
import io.forkscope.model.sites.SitesResult;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a {@link RecordingFormat#BLOCK_SITES} block (the layout is there; {@link RecordingWriter#sites}
 * writes it). A count larger than the block could hold reads as a block shorter than its contents;
 * contents that contradict each other (a site out of place, a profile naming a site the table does
 * not hold, an unknown kind) as a {@link DamagedBlock}.
 */
final class SitesBlock {
    /** The smallest encoding of a site (ids, bci, line, three empty strings, two flags, kind). */
    private static final int MIN_SITE_BYTES = 4 * 4 + 3 * 2 + 3;
    /** The encoding of one site's measures in a profile. */
    private static final int MEASURES_BYTES = 4 + 9 * 8;

    private SitesBlock() {}

    /** A block whose contents are impossible (not merely cut short). */
    static final class DamagedBlock extends IOException {
        private static final long serialVersionUID = 1L;

        DamagedBlock(String message) {
            super(message);
        }
    }

    static RecordedSites read(DataInputStream p, int payloadLength) throws IOException {
        int count = p.readInt();
        if (count < 0 || (long) count * MIN_SITE_BYTES > payloadLength) {
            throw new EOFException();
        }
        SiteKind[] kinds = SiteKind.values();
        List<CallSite> sites = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int id = p.readInt();
            int callerMethod = p.readInt();
            String className = p.readUTF();
            String methodName = p.readUTF();
            String descriptor = p.readUTF();
            int bci = p.readInt();
            int line = p.readInt();
            String sourceFile = optional(p);
            int kind = p.readUnsignedByte();
            String callee = optional(p);
            if (id != i || callerMethod < 0) {
                throw new DamagedBlock("has site " + id + " (method " + callerMethod + ") in place " + i);
            }
            if (kind >= kinds.length) {
                throw new DamagedBlock("has a site of unknown kind " + kind);
            }
            sites.add(new CallSite(id, callerMethod, className, methodName, descriptor, bci, line, sourceFile,
                    kinds[kind], callee));
        }
        SitesResult whole = result(p, payloadLength, count);
        int regions = p.readInt();
        if (regions < 0 || (long) regions * 2 > payloadLength) {
            throw new EOFException();
        }
        List<RegionSites> labelled = new ArrayList<>(regions);
        for (int i = 0; i < regions; i++) {
            String label = p.readUTF();
            labelled.add(new RegionSites(label, result(p, payloadLength, count)));
        }
        return new RecordedSites(sites, whole, labelled);
    }

    private static SitesResult result(DataInputStream p, int payloadLength, int sites) throws IOException {
        long work = p.readLong();
        long span = p.readLong();
        long foreignJoins = p.readLong();
        SiteProfile onWork = profile(p, payloadLength, sites);
        SiteProfile onSpan = profile(p, payloadLength, sites);
        return new SitesResult(work, span, onWork, onSpan, foreignJoins);
    }

    private static SiteProfile profile(DataInputStream p, int payloadLength, int sites) throws IOException {
        long outsideWork = p.readLong();
        long outsideSpan = p.readLong();
        int count = p.readInt();
        if (count < 0 || (long) count * MEASURES_BYTES > payloadLength) {
            throw new EOFException();
        }
        List<SiteMeasures> measures = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int site = p.readInt();
            Measurement topCallSite = measurement(p);
            Measurement topCaller = measurement(p);
            Measurement local = measurement(p);
            if (site < 0 || site >= sites) {
                throw new DamagedBlock("has a profile of site " + site + ", which its table of " + sites
                        + " sites does not hold");
            }
            measures.add(new SiteMeasures(site, topCallSite, topCaller, local));
        }
        return new SiteProfile(measures, outsideWork, outsideSpan);
    }

    private static Measurement measurement(DataInputStream p) throws IOException {
        return new Measurement(p.readLong(), p.readLong(), p.readLong());
    }

    private static String optional(DataInputStream p) throws IOException {
        return p.readBoolean() ? p.readUTF() : null;
    }
}
