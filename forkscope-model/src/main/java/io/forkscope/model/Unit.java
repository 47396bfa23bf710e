package io.forkscope.model;

/** What strand lengths were measured in. Only {@link #TIME} is a duration; the other two are counts. */
public enum Unit {
    /** Nanoseconds of System.nanoTime between the recorder's events, runtime time excluded. */
    TIME("ns"),
    /** Units the program declared with {@code Forkscope.work(units)}: exact and machine-independent. */
    ABSTRACT("units"),
    /**
     * Bytecode instructions the program's own classes executed, counted by code woven into them as
     * they load (docs/counted-work.md): machine-independent, no annotation needed.
     */
    BYTECODES("bytecodes");

    private final String symbol;

    Unit(String symbol) {
        this.symbol = symbol;
    }

    /** @return the short name reports print after a value: "ns", "units" or "bytecodes" */
    public String symbol() {
        return symbol;
    }

    /** @return the name used on the command line and in files: "time", "abstract" or "bytecodes" */
    public String optionName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** @return what a value in this unit is, for a report's header */
    public String description() {
        return switch (this) {
            case TIME -> "ns (measured time)";
            case ABSTRACT -> "abstract units of work the program declared";
            case BYTECODES -> "bytecode instructions the application's classes executed (counted: the same on every"
                    + " run and machine)";
        };
    }

    /** @return whether strand lengths are counts that do not depend on the machine (abstract, bytecodes) */
    public boolean counted() {
        return this != TIME;
    }

    public static Unit fromOptionName(String s) {
        for (Unit u : values()) {
            if (u.optionName().equals(s)) {
                return u;
            }
        }
        throw new IllegalArgumentException("unknown unit '" + s + "' (expected time, abstract or bytecodes)");
    }
}
