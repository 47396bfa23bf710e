package io.forkscope.recorder.sites.weave;

import io.forkscope.model.sites.SiteKind;
import java.util.Set;

/**
 * Decides whether an invoke instruction in application code is a call site, and of which kind
 * (docs/call-site-weaving.md):
 *
 * <ul>
 *   <li>FORK: a task's {@code fork()}; ForkJoinPool's {@code submit}, {@code execute},
 *       {@code lazySubmit}, {@code externalSubmit}.
 *   <li>CALL: a task's {@code invoke()} / {@code quietlyInvoke()} (they run the task), the static
 *       {@code invokeAll}, ForkJoinPool's {@code invoke}, {@code invokeAll}, {@code invokeAny}; a call
 *       of a method that an application class declares (a task's own {@code compute()} among
 *       them); the JDK's parallel entry points: a method of java.util.stream that does not return a
 *       java.util.stream type (terminal operations; building a pipeline runs nothing),
 *       {@code Arrays.parallel*}, ConcurrentHashMap's bulk operations (first argument
 *       {@code long parallelismThreshold}).
 *   <li>none: constructors, waits and queries ({@code join}, {@code get}, {@code quietlyJoin},
 *       {@code helpQuiesce}, {@code tryUnfork}, {@code isDone}, ...), other JDK methods, JDK methods
 *       an application class inherits, synthetic accessors ({@code access$NNN}).
 * </ul>
 *
 * The owner of an invoke instruction is the static type of its receiver, often an application
 * subclass of a JDK task class ({@code SortTask.fork}): such owners are looked up in
 * {@link TypeHierarchy}.
 */
final class SiteClassifier {
    /** A site's kind and callee ({@code SimpleOwner.name}). */
    record Target(SiteKind kind, String callee) {
    }

    private static final Set<String> TASKS = Set.of("java/util/concurrent/ForkJoinTask",
            "java/util/concurrent/RecursiveTask", "java/util/concurrent/RecursiveAction",
            "java/util/concurrent/CountedCompleter");
    private static final String POOL = "java/util/concurrent/ForkJoinPool";
    private static final Set<String> POOL_FORKS = Set.of("submit", "execute", "lazySubmit", "externalSubmit");
    private static final Set<String> POOL_CALLS = Set.of("invoke", "invokeAll", "invokeAny");

    private final SiteScope scope;
    private final TypeHierarchy hierarchy;

    SiteClassifier(SiteScope scope, TypeHierarchy hierarchy) {
        this.scope = scope;
        this.hierarchy = hierarchy;
    }

    /** @return the site an invoke instruction of code defined by {@code loader} is, or null */
    Target classify(ClassLoader loader, String owner, String name, String descriptor) {
        if (name.charAt(0) == '<' || owner.charAt(0) == '[') {
            return null; // constructors, static initializers; methods of arrays (clone)
        }
        if (TASKS.contains(owner)) {
            return taskOperation(owner, name, descriptor);
        }
        if (owner.equals(POOL)) {
            return poolOperation(owner, name);
        }
        if (owner.startsWith("java/util/stream/")) {
            return descriptor.substring(descriptor.indexOf(')') + 1).startsWith("Ljava/util/stream/") ? null
                    : call(owner, name);
        }
        if (owner.equals("java/util/Arrays")) {
            return name.startsWith("parallel") ? call(owner, name) : null;
        }
        if (owner.equals("java/util/concurrent/ConcurrentHashMap")) {
            return descriptor.startsWith("(J") ? call(owner, name) : null;
        }
        if (!scope.isApplicationInternal(owner) || name.startsWith("access$")) {
            return null;
        }
        TypeHierarchy.Owner o = hierarchy.owner(loader, owner);
        if (o == null) {
            // class file not found: a fork by its signature, anything else an application call
            return name.equals("fork") && descriptor.equals("()Ljava/util/concurrent/ForkJoinTask;")
                    ? new Target(SiteKind.FORK, callee(owner, name)) : call(owner, name);
        }
        if (o.declares(name, descriptor)) {
            return call(owner, name);
        }
        if (o.jdkSuper() != null && TASKS.contains(o.jdkSuper())) {
            return taskOperation(owner, name, descriptor);
        }
        if (POOL.equals(o.jdkSuper())) {
            return poolOperation(owner, name);
        }
        return null; // a JDK method the application class inherits
    }

    private static Target taskOperation(String owner, String name, String descriptor) {
        switch (name) {
            case "fork":
                return descriptor.startsWith("()") ? new Target(SiteKind.FORK, callee(owner, name)) : null;
            case "invoke":
            case "quietlyInvoke":
            case "invokeAll":
            case "compute":
                return call(owner, name);
            default:
                return null;
        }
    }

    private static Target poolOperation(String owner, String name) {
        if (POOL_FORKS.contains(name)) {
            return new Target(SiteKind.FORK, callee(owner, name));
        }
        return POOL_CALLS.contains(name) ? call(owner, name) : null;
    }

    private static Target call(String owner, String name) {
        return new Target(SiteKind.CALL, callee(owner, name));
    }

    /**
     * {@code QuickSort.partition}: the owner's simple name (for a nested class, the part after the
     * last '$' when that is a name, so {@code QuickSort$SortTask} gives {@code SortTask} and
     * {@code Main$1} stays {@code Main$1}).
     */
    static String callee(String owner, String name) {
        String simple = owner.substring(owner.lastIndexOf('/') + 1);
        int dollar = simple.lastIndexOf('$');
        if (dollar >= 0 && dollar + 1 < simple.length() && Character.isJavaIdentifierStart(simple.charAt(dollar + 1))) {
            simple = simple.substring(dollar + 1);
        }
        return simple + '.' + name;
    }
}
