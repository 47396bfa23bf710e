package io.forkscope.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A size as the JVM's options take it: bytes, or a whole number of K, M or G (binary: 512M is 512 × 2^20). */
final class ByteSize implements ITypeConverter<Long> {
    private static final Pattern SIZE = Pattern.compile("(\\d{1,15})([kKmMgG]?)");

    @Override
    public Long convert(String value) {
        Matcher m = SIZE.matcher(value.trim());
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a size: bytes, or a whole number of K, M or G"
                    + " (e.g. 512M)");
        }
        long n = Long.parseLong(m.group(1));
        int shift = switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            default -> 0;
        };
        if (n > Long.MAX_VALUE >> shift) {
            throw new TypeConversionException("'" + value + "' is too large a size");
        }
        return n << shift;
    }

    /** @return {@code bytes} as the options take it, in the largest unit that divides it (512M, 1G, 1000) */
    static String format(long bytes) {
        for (String unit : new String[] {"G", "M", "K"}) {
            int shift = unit.equals("G") ? 30 : unit.equals("M") ? 20 : 10;
            if (bytes != 0 && bytes % (1L << shift) == 0) {
                return (bytes >> shift) + unit;
            }
        }
        return Long.toString(bytes);
    }
}
