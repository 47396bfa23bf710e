package io.forkscope.analysis.sites;

import io.forkscope.model.sites.CallSite;

/**
 * How views name a site for people and for programs. Class names are binary names with dots
 * ({@code app.QuickSort$SortTask}); people get them without the package.
 */
public final class SiteNames {
    private SiteNames() {}

    /** @return the stable label of a site, the same in every view and run: {@code app.QuickSort.compute@41} */
    public static String label(CallSite s) {
        return s.className() + "." + s.methodName() + "@" + s.bci();
    }

    /** @return the method containing the site, without its package: {@code QuickSort$SortTask.compute} */
    public static String method(CallSite s) {
        return simpleClass(s.className()) + "." + s.methodName();
    }

    /**
     * @return what the site invokes, without package or descriptor ({@code QuickSort.partition}), or
     *         "" when the recorder did not say
     */
    public static String callee(CallSite s) {
        String c = s.callee();
        if (c == null || c.isEmpty()) {
            return "";
        }
        int paren = c.indexOf('(');
        if (paren >= 0) {
            c = c.substring(0, paren);
        }
        int method = c.lastIndexOf('.');
        if (method <= 0) {
            return c;
        }
        return simpleClass(c.substring(0, method)) + c.substring(method);
    }

    /** @return what a person reads as "what holds the span": the callee, or the containing method when unknown */
    public static String holder(CallSite s) {
        String c = callee(s);
        return c.isEmpty() ? method(s) : c;
    }

    private static String simpleClass(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
