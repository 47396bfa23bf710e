package io.forkscope.recorder.sites;

/**
 * Cilkprof's {@code prof} (§5, Fig. 4): a per-site key-value store with Θ(1) amortised
 * init / update / assign / union, as a hybrid of an update log and a dense array.
 *
 * <p>An update is one finished invocation: its site and its contribution to the three
 * measurements (see {@link #update}). While the store is small it logs updates in a singly linked
 * list (append and concatenate in O(1)); once the log reaches {@code S} entries, S being the
 * number of sites seen so far, it is folded into a dense array of {@link #FIELDS} longs per site.
 * Accounting (Theorem 6): every log entry carries two tokens, one to fold it and one to pay for an
 * array slot, so an array of S sites is paid for by the ≥ S entries folded into it and can later
 * be added into another array in O(S) at no amortised cost. A store therefore never holds more
 * than ~2S log entries plus one array: memory O(S) per store. Arrays grow by doubling when new
 * sites appear (Cilkprof's dynamic discovery, simplified).
 *
 * <p>{@link #parent} chains frozen stores into the on-span profile of one path (see
 * {@link SiteFrame}); a store never reads it.
 *
 * <p>Not thread-safe: a store is owned by one frame, or frozen and read-only until the frame that
 * froze it consumes it on return.
 */
final class SiteProf {
    /** Per site: top-call-site count, work, span; top-caller count, work, span; local count, work, span. */
    static final int FIELDS = 9;

    /** One logged update. */
    private static final class Rec {
        final int site;
        final boolean topCallSite;
        final boolean topCaller;
        final long work;
        final long span;
        final long localWork;
        final long localSpan;
        Rec next;

        Rec(int site, boolean topCallSite, boolean topCaller, long work, long span, long localWork, long localSpan) {
            this.site = site;
            this.topCallSite = topCallSite;
            this.topCaller = topCaller;
            this.work = work;
            this.span = span;
            this.localWork = localWork;
            this.localSpan = localSpan;
        }
    }

    private long[] dense;
    private Rec head;
    private Rec tail;
    private int logSize;
    /** The frozen store that precedes this one on the path (null at the start of a frame). */
    SiteProf parent;

    /** Entries in the update log, counted by walking it (O(log); for the space bound's test). */
    int logLength() {
        int n = 0;
        for (Rec r = head; r != null; r = r.next) {
            n++;
        }
        return n;
    }

    boolean isEmpty() {
        return dense == null && head == null;
    }

    /** INIT: empty, detached. */
    void clear() {
        dense = null;
        head = tail = null;
        logSize = 0;
        parent = null;
    }

    /**
     * UPDATE with one finished invocation of {@code site}: it counts in top-call-site and
     * top-caller when its flags say so (with its work and span), and always in local (with its
     * local work and local span). {@code sites} is the current number of sites S.
     */
    void update(int site, boolean topCallSite, boolean topCaller, long work, long span, long localWork,
                long localSpan, int sites) {
        if (dense != null && site * FIELDS < dense.length) {
            add(dense, site, topCallSite, topCaller, work, span, localWork, localSpan);
            return;
        }
        Rec r = new Rec(site, topCallSite, topCaller, work, span, localWork, localSpan);
        if (tail == null) {
            head = tail = r;
        } else {
            tail.next = r;
            tail = r;
        }
        if (++logSize >= sites) {
            flush(sites);
        }
    }

    /** UNION: adds {@code other}'s contents into this store and empties {@code other} (not its parent). */
    void union(SiteProf other, int sites) {
        long[] od = other.dense;
        if (od != null) {
            if (dense == null) {
                dense = od;
            } else {
                if (od.length > dense.length) {
                    long[] t = dense;
                    dense = od;
                    od = t;
                }
                long[] d = dense;
                for (int i = 0; i < od.length; i++) {
                    d[i] += od[i];
                }
            }
        }
        if (other.head != null) {
            if (tail == null) {
                head = other.head;
            } else {
                tail.next = other.head;
            }
            tail = other.tail;
            logSize += other.logSize;
        }
        other.dense = null;
        other.head = other.tail = null;
        other.logSize = 0;
        if (logSize >= sites && logSize > 0) {
            flush(sites);
        }
    }

    /** Folds the log into the array, growing the array to hold S sites. */
    private void flush(int sites) {
        int need = Math.max(sites, 1) * FIELDS;
        if (dense == null) {
            dense = new long[need];
        } else if (dense.length < need) {
            long[] grown = new long[Math.max(need, dense.length * 2)];
            System.arraycopy(dense, 0, grown, 0, dense.length);
            dense = grown;
        }
        for (Rec r = head; r != null; r = r.next) {
            if (r.site * FIELDS >= dense.length) {
                long[] grown = new long[Math.max((r.site + 1) * FIELDS, dense.length * 2)];
                System.arraycopy(dense, 0, grown, 0, dense.length);
                dense = grown;
            }
            add(dense, r.site, r.topCallSite, r.topCaller, r.work, r.span, r.localWork, r.localSpan);
        }
        head = tail = null;
        logSize = 0;
    }

    /** Adds this store's contents (not its parent's) into {@code into}, which it grows as needed. */
    long[] addTo(long[] into) {
        for (Rec r = head; r != null; r = r.next) {
            into = SiteTable.ensure(into, r.site);
            add(into, r.site, r.topCallSite, r.topCaller, r.work, r.span, r.localWork, r.localSpan);
        }
        if (dense != null) {
            into = SiteTable.ensure(into, dense.length / FIELDS - 1);
            for (int i = 0; i < dense.length; i++) {
                into[i] += dense[i];
            }
        }
        return into;
    }

    static void add(long[] a, int site, boolean topCallSite, boolean topCaller, long work, long span,
                    long localWork, long localSpan) {
        int b = site * FIELDS;
        if (topCallSite) {
            a[b]++;
            a[b + 1] += work;
            a[b + 2] += span;
        }
        if (topCaller) {
            a[b + 3]++;
            a[b + 4] += work;
            a[b + 5] += span;
        }
        a[b + 6]++;
        a[b + 7] += localWork;
        a[b + 8] += localSpan;
    }
}
