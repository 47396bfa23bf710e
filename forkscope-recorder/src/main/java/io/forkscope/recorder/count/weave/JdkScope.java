package io.forkscope.recorder.count.weave;

/**
 * Which of the JDK's classes {@code count.jdk=true} weaves to count (docs/counted-work.md, "Counting the
 * JDK"): the code a leaf calls for its work. Woven: {@code java.lang} (the package itself, not its
 * subpackages), {@code java.util} and its subpackages, {@code java.math}, {@code java.text},
 * {@code java.time} and its subpackages, and only as the bootstrap loader defines them (java.base).
 *
 * <p>Never woven, and why:
 * <ul>
 *   <li>{@code java.util.concurrent} and its subpackages: the fork/join runtime itself
 *       ({@code ForkJoin*}, {@code CountedCompleter}) and what it parks and wakes with ({@code locks},
 *       {@code LockSupport}); the rest (atomics, concurrent maps and queues) retries its CAS loops and
 *       spins as contention decides, so its counts would move from run to run;
 *   <li>{@code java.lang.Thread*}, {@code ThreadLocal}, {@code InheritableThreadLocal}: the counter itself
 *       reads {@code Thread.currentThread().getId()} and falls back to a ThreadLocal, so weaving them would
 *       make counting recurse; and the JDK's own virtual-thread and carrier machinery
 *       ({@code ThreadGroup}, {@code VirtualThread}, {@code ScopedValue}, {@code ThreadBuilders},
 *       {@code BaseVirtualThread});
 *   <li>{@code Object}, {@code Class}, {@code ClassLoader}, {@code ClassValue}, {@code Module},
 *       {@code ModuleLayer}, {@code Package}, {@code NamedPackage}, {@code System}, {@code Runtime},
 *       {@code Shutdown}, {@code ApplicationShutdownHooks}, {@code StackWalker},
 *       {@code StackStreamFactory}, {@code StackTraceElement}, {@code Throwable}, {@code SecurityManager},
 *       {@code Process*}, {@code LiveStackFrame*}, {@code Terminator}: the JVM's own machinery (class
 *       loading, reflection caches filled on first use, stack walking, start-up and shutdown) whose
 *       work depends on which thread first needs it, or on the stack's depth, not on the program's
 *       instructions; {@code java.lang.invoke}, {@code java.lang.reflect}, {@code java.lang.ref}
 *       (method handles, lambdas' linkage, reflection, reference processing) for the same reason;
 *   <li>{@code java.util.jar}, {@code java.util.zip}, {@code java.util.logging}, {@code java.util.prefs},
 *       {@code java.util.spi}: the class loaders read class files through jar and zip, on whichever
 *       thread first needs a class;
 *   <li>forkscope's own classes are never the JDK's, and {@code jdk.*}, {@code sun.*} are not woven.
 * </ul>
 * Inside a woven class the weaver leaves out {@code @IntrinsicCandidate} methods, natives and static
 * initialisers ({@link CountWeaver}).
 */
public final class JdkScope {
    private static final String[] PACKAGES = {"java/util/", "java/math/", "java/text/", "java/time/"};
    private static final String[] EXCLUDED_PACKAGES = {"java/util/concurrent/", "java/util/jar/", "java/util/zip/",
        "java/util/logging/", "java/util/prefs/", "java/util/spi/"};
    /** Simple names (and their nested classes) of java.lang left out. */
    private static final String[] EXCLUDED_LANG = {"Thread", "ThreadLocal", "InheritableThreadLocal", "VirtualThread",
        "BaseVirtualThread", "ThreadBuilders", "ThreadGroup", "ScopedValue", "Object", "Class", "ClassLoader", "ClassValue", "Module",
        "ModuleLayer", "Package", "NamedPackage", "System", "Runtime", "Shutdown", "ApplicationShutdownHooks",
        "StackWalker", "StackStreamFactory", "StackTraceElement", "StackFrameInfo", "Throwable", "SecurityManager",
        "Process", "ProcessBuilder", "ProcessHandle", "ProcessHandleImpl", "ProcessImpl", "ProcessEnvironment",
        "LiveStackFrame", "LiveStackFrameInfo", "Terminator", "PinnedThreadPrinter"};

    private JdkScope() {}

    /**
     * @param loader       the defining loader (only the bootstrap loader's classes are the JDK's here)
     * @param internalName the class's internal name ({@code java/util/ArrayList})
     * @return whether {@code count.jdk=true} weaves the class
     */
    public static boolean weaves(ClassLoader loader, String internalName) {
        return loader == null && internalName != null && weaves(internalName);
    }

    /** @return whether the class of this internal name is one the JDK counting weaves (see the class comment) */
    static boolean weaves(String internalName) {
        if (internalName.contains("$$") || internalName.contains("/$Proxy")) {   // generated classes
            return false;
        }
        if (internalName.startsWith("java/lang/")) {
            String simple = internalName.substring("java/lang/".length());
            if (simple.indexOf('/') >= 0) {
                return false;                            // invoke, reflect, ref, constant, module, ...
            }
            int nested = simple.indexOf('$');
            String outer = nested < 0 ? simple : simple.substring(0, nested);
            for (String excluded : EXCLUDED_LANG) {
                if (outer.equals(excluded)) {
                    return false;
                }
            }
            return true;
        }
        for (String p : EXCLUDED_PACKAGES) {
            if (internalName.startsWith(p)) {
                return false;
            }
        }
        for (String p : PACKAGES) {
            if (internalName.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
