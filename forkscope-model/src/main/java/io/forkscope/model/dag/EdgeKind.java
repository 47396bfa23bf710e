package io.forkscope.model.dag;

/** The kinds of DAG edges (measures.md §1, Delay Spotter's names). */
public enum EdgeKind {
    /** Forking strand → the child's first strand. */
    CREATE,
    /** Forking strand → the parent's continuation. */
    CREATE_CONT,
    /** Strand that ended in a wait → the strand after the wait. */
    WAIT_CONT,
    /** A child's last strand → the strand after the wait (or completion) that joins it. */
    END;

    private final String label = name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');

    /** @return the kind as reports name it: "create", "create-cont", "wait-cont", "end" */
    public String label() {
        return label;
    }
}
