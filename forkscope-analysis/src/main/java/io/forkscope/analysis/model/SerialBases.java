package io.forkscope.analysis.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bases of T1'(n), the serial work: Eq. 11's seven ({@link ModelBases#SERIAL_WORK}) or bases a
 * user names when the program's complexity is known ({@code model fit --bases "n lg n"}, or
 * {@code "n^2.81"} for Strassen's algorithm). A basis is a product s^a · (lg s)^b · (lglg s)^c with
 * non-negative a, b, c (s the size of {@link SizeScale}, lg and lglg as in {@link ModelBases}), written
 * as Eq. 11 writes its own: {@code 1}, {@code n}, {@code n^2.81}, {@code n lg n}, {@code n^2 lg n},
 * {@code lg^2 n}, {@code n lglg n}; "*" may join the factors. Every basis is non-negative for
 * every n ≥ 0, as the non-negative fit needs.
 *
 * <p>{@link #parse} gives each basis in one canonical spelling, so Eq. 11's names are their own
 * canonical forms and a model file's bases read back as the same list. {@link #features} evaluates
 * Eq. 11's list exactly as {@link ModelBases#serialWork} does (a model fitted before user bases
 * existed predicts the same doubles), and whole powers of other lists by repeated multiplication.
 */
public final class SerialBases {
    private static final Pattern POWER = Pattern.compile("(n|lg|lglg)(?:\\^([0-9]+(?:\\.[0-9]+)?))?");

    private SerialBases() {
    }

    /** A basis that cannot be read: the message says which and why, in one line. */
    public static final class Unreadable extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Unreadable(String message) {
            super(message);
        }
    }

    /** s^a (lg s)^b (lglg s)^c. */
    record Term(double a, double b, double c) {
        double at(double s) {
            return power(s, a) * power(ModelBases.lg(s), b) * power(ModelBases.lglg(s), c);
        }

        String canonical() {
            List<String> parts = new ArrayList<>();
            if (a > 0) {
                parts.add(a == 1 ? "n" : "n^" + number(a));
            }
            if (b > 0) {
                parts.add(b == 1 ? "lg n" : "lg^" + number(b) + " n");
            }
            if (c > 0) {
                parts.add(c == 1 ? "lglg n" : "lglg^" + number(c) + " n");
            }
            return parts.isEmpty() ? "1" : String.join(" ", parts);
        }
    }

    /**
     * A comma-separated list of bases in canonical spelling, in the order given.
     *
     * @throws Unreadable for an empty list, a basis it cannot read, or one given twice
     */
    public static List<String> parse(String list) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String item : list.split(",", -1)) {
            String canonical = term(item).canonical();
            if (!out.add(canonical)) {
                throw new Unreadable("the basis '" + canonical + "' is given twice");
            }
        }
        return List.copyOf(out);
    }

    /** The features of {@code bases} at size s. */
    public static double[] features(double s, List<String> bases) {
        if (bases.equals(ModelBases.SERIAL_WORK)) {
            return ModelBases.serialWork(s);
        }
        double[] out = new double[bases.size()];
        for (int j = 0; j < out.length; j++) {
            out[j] = term(bases.get(j)).at(s);
        }
        return out;
    }

    /** Whether every basis of the list reads. */
    public static boolean readable(List<String> bases) {
        try {
            for (String b : bases) {
                term(b);
            }
            return !bases.isEmpty();
        } catch (Unreadable e) {
            return false;
        }
    }

    static Term term(String text) {
        String t = text.trim().replace('*', ' ').replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
        if (t.isEmpty()) {
            throw new Unreadable("an empty basis (the list is separated by commas: \"n lg n, n^2\")");
        }
        if (t.equals("1")) {
            return new Term(0, 0, 0);
        }
        String[] tokens = t.split(" ");
        double a = 0;
        double b = 0;
        double c = 0;
        for (int i = 0; i < tokens.length; i++) {
            Matcher m = POWER.matcher(tokens[i]);
            if (!m.matches()) {
                throw unreadable(text);
            }
            double k = m.group(2) == null ? 1 : Double.parseDouble(m.group(2));
            if (!(k > 0) || Double.isInfinite(k)) {
                throw unreadable(text);
            }
            switch (m.group(1)) {
                case "n" -> a += k;
                default -> {
                    // lg and lglg take n as their argument: "lg n", "lg^2 n", "lglg n"
                    if (i + 1 >= tokens.length || !tokens[i + 1].equals("n")) {
                        throw unreadable(text);
                    }
                    i++;
                    if (m.group(1).equals("lg")) {
                        b += k;
                    } else {
                        c += k;
                    }
                }
            }
        }
        return new Term(a, b, c);
    }

    private static Unreadable unreadable(String text) {
        return new Unreadable("cannot read the basis '" + text.trim() + "' (a product of n, n^K, lg n, lg^K n and"
                + " lglg n, or 1: \"n lg n\", \"n^2.81\")");
    }

    /** x^k, by repeated multiplication for whole k (exact as Eq. 11's s·s·s), else Math.pow. */
    static double power(double x, double k) {
        if (k == 0) {
            return 1;
        }
        if (k == Math.rint(k) && k <= 8) {
            double r = x;
            for (int i = 1; i < (int) k; i++) {
                r *= x;
            }
            return r;
        }
        return Math.pow(x, k);
    }

    static String number(double k) {
        return k == Math.rint(k) ? String.valueOf((long) k) : java.math.BigDecimal.valueOf(k).stripTrailingZeros()
                .toPlainString();
    }
}
