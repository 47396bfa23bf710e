package io.forkscope.recorder.sites.weave;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Which classes are <em>application</em> classes for {@code record --sites}: they are woven, and a call
 * to one of their methods is a call site (docs/call-site-weaving.md).
 *
 * <p>By default every class except the JDK's ({@code java.*}, {@code javax.*}, {@code jdk.*},
 * {@code sun.*}, {@code com.sun.*}) and forkscope's own ({@code io.forkscope.*}, with the relocated
 * libraries under {@code io.forkscope.shaded.*}), but the bundled suite {@code io.forkscope.samples.*}
 * is application. Include patterns, when there are any, keep only the classes that match one of them;
 * exclude patterns then drop those that match one. Neither can bring back a JDK or forkscope class.
 *
 * <p>A pattern is a class or package name with wildcards, matched against binary names with dots
 * ({@code com.acme.Outer$Inner}): {@code *} matches within one package segment (so
 * {@code com.acme.*} is every class directly in {@code com.acme}, nested classes included),
 * {@code **} matches across segments ({@code com.acme.**}: {@code com.acme} and all its
 * subpackages). A pattern without wildcards names one class and its nested classes.
 */
public final class SiteScope {
    private static final String[] JDK = {"java.", "javax.", "jdk.", "sun.", "com.sun."};
    private static final String OWN = "io.forkscope.";
    private static final String SAMPLES = "io.forkscope.samples.";

    private final List<Pattern> include;
    private final List<Pattern> exclude;
    /** Non-null: only this class and its nested classes are application (the weaver's warm-up). */
    private final String only;

    private SiteScope(List<Pattern> include, List<Pattern> exclude, String only) {
        this.include = include;
        this.exclude = exclude;
        this.only = only;
    }

    /** The default scope narrowed by {@code include} and {@code exclude} patterns (checked first). */
    public static SiteScope of(List<String> include, List<String> exclude) {
        return new SiteScope(compile(include), compile(exclude), null);
    }

    /** Everything outside the JDK and forkscope. */
    public static SiteScope defaults() {
        return of(List.of(), List.of());
    }

    /** Only {@code className} and its nested classes, whatever their package (warm-up, tests). */
    static SiteScope only(String className) {
        return new SiteScope(List.of(), List.of(), className);
    }

    private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();

    /**
     * @return whether a class a transformer is offered is the application's to weave: defined (not
     *         redefined) by neither the boot nor the platform loader, not a lambda proxy, and
     *         {@link #isApplication} by name
     */
    public boolean weaves(ClassLoader loader, Class<?> redefined, String internalName) {
        return loader != null && loader != PLATFORM && redefined == null && internalName != null
                && !internalName.contains("$$Lambda") && isApplication(internalName.replace('/', '.'));
    }

    /** @param binaryName a class's binary name with dots ({@code com.acme.Outer$Inner}) */
    public boolean isApplication(String binaryName) {
        if (only != null) {
            return binaryName.equals(only) || binaryName.startsWith(only + '$');
        }
        for (String p : JDK) {
            if (binaryName.startsWith(p)) {
                return false;
            }
        }
        if (binaryName.startsWith(OWN) && !binaryName.startsWith(SAMPLES)) {
            return false;
        }
        if (!include.isEmpty() && !matchesAny(include, binaryName)) {
            return false;
        }
        return !matchesAny(exclude, binaryName);
    }

    /** Like {@link #isApplication} for an internal name ({@code com/acme/Outer$Inner}). */
    boolean isApplicationInternal(String internalName) {
        return isApplication(internalName.replace('/', '.'));
    }

    private static boolean matchesAny(List<Pattern> patterns, String name) {
        for (Pattern p : patterns) {
            if (p.matcher(name).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Checks one pattern; @return null when it is well formed, else what is wrong with it (for a
     * one-line user error)
     */
    public static String problem(String pattern) {
        if (pattern.isEmpty()) {
            return "a class or package pattern must not be empty";
        }
        for (String segment : pattern.split("\\.", -1)) {
            if (segment.isEmpty()) {
                return "'" + pattern + "' has an empty package segment";
            }
            if (segment.contains("**") && !segment.equals("**")) {
                return "'" + pattern + "': ** stands for whole package segments (com.acme.**)";
            }
            for (int i = 0; i < segment.length(); i++) {
                char c = segment.charAt(i);
                if (c != '*' && !Character.isJavaIdentifierPart(c)) {
                    return "'" + pattern + "' is not a class or package pattern (letters, digits, _, $, . and *)";
                }
            }
        }
        return null;
    }

    private static List<Pattern> compile(List<String> patterns) {
        List<Pattern> compiled = new ArrayList<>();
        for (String p : patterns) {
            String problem = problem(p);
            if (problem != null) {
                throw new IllegalArgumentException(problem);
            }
            compiled.add(Pattern.compile(regex(p)));
        }
        return List.copyOf(compiled);
    }

    /** {@code a.b.**} also matches {@code a.b}'s classes; a name without wildcards, its nested classes. */
    static String regex(String pattern) {
        StringBuilder sb = new StringBuilder();
        boolean wildcard = pattern.indexOf('*') >= 0;
        String[] segments = pattern.split("\\.");
        for (int i = 0; i < segments.length; i++) {
            String s = segments[i];
            if (i > 0) {
                sb.append(s.equals("**") ? "" : "\\.");
            }
            if (s.equals("**")) {
                sb.append(i == 0 ? ".*" : "(\\..*)?");
                continue;
            }
            for (int j = 0; j < s.length(); j++) {
                char c = s.charAt(j);
                sb.append(c == '*' ? "[^.]*" : Pattern.quote(String.valueOf(c)));
            }
        }
        if (!wildcard) {
            sb.append("(\\$.*)?");
        }
        return sb.toString();
    }
}
