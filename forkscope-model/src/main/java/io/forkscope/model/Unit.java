package io.forkscope.model;

/** What strand lengths were measured in. */
public enum Unit {
    /** Nanoseconds of System.nanoTime between the recorder's events, runtime time excluded. */
    TIME("ns"),
    /** Units the program declared with {@code Forkscope.work(units)}: exact and machine-independent. */
    ABSTRACT("units");

    private final String symbol;

    Unit(String symbol) {
        this.symbol = symbol;
    }

    /** @return the short name reports print after a value: "ns" or "units" */
    public String symbol() {
        return symbol;
    }

    /** @return the name used on the command line and in files: "time" or "abstract" */
    public String optionName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static Unit fromOptionName(String s) {
        for (Unit u : values()) {
            if (u.optionName().equals(s)) {
                return u;
            }
        }
        throw new IllegalArgumentException("unknown unit '" + s + "' (expected time or abstract)");
    }
}
