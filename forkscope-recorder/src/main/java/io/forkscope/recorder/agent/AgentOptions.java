package io.forkscope.recorder.agent;

import io.forkscope.model.Unit;
import java.nio.file.Path;

/**
 * The agent's options: {@code -javaagent:forkscope.jar=out=fib.fsk,unit=abstract,burden=100}.
 *
 * <pre>
 * out=FILE         where to write the recording (default forkscope-PID.fsk)
 * force            overwrite FILE if it exists (otherwise the recording goes to FILE-PID.fsk)
 * unit=time|abstract   strand lengths in nanoseconds, or in Forkscope.work units
 * burden=N         cost put on each create edge (a steal migrates the child), in the unit
 *                  (default 6250, Cilkscale's time-mode burden in ns)
 * burden.source=S  where the burden came from, for the report (default "default" or "option")
 * flush=MS         how often to write a snapshot for runs that may be killed (default 1000)
 * </pre>
 */
public record AgentOptions(Path out, boolean force, Unit unit, long burden, String burdenSource, long flushMs) {
    public static final long DEFAULT_BURDEN_NS = 6250;

    public static AgentOptions parse(String text, long pid) {
        Path out = Path.of("forkscope-" + pid + ".fsk");
        boolean force = false;
        Unit unit = Unit.TIME;
        long burden = DEFAULT_BURDEN_NS;
        String source = "default";
        long flush = 1000;
        if (text != null && !text.isBlank()) {
            for (String item : text.split(",")) {
                int eq = item.indexOf('=');
                String key = (eq < 0 ? item : item.substring(0, eq)).trim();
                String value = eq < 0 ? "" : item.substring(eq + 1).trim();
                switch (key) {
                    case "out" -> out = Path.of(value);
                    case "force" -> force = true;
                    case "unit" -> unit = Unit.fromOptionName(value);
                    case "burden" -> {
                        burden = parseNonNegative(key, value);
                        if (source.equals("default")) {
                            source = "option";
                        }
                    }
                    case "burden.source" -> source = value;
                    case "flush" -> flush = Math.max(10, parseNonNegative(key, value));
                    case "" -> { }
                    default -> throw new IllegalArgumentException("unknown agent option '" + key + "'");
                }
            }
        }
        return new AgentOptions(out, force, unit, burden, source, flush);
    }

    private static long parseNonNegative(String key, String value) {
        try {
            long v = Long.parseLong(value);
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new IllegalArgumentException("agent option " + key + " needs a non-negative whole number, not '" + value + "'");
    }
}
