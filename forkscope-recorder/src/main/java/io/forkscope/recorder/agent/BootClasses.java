package io.forkscope.recorder.agent;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;

/**
 * Gives the bootstrap loader every class of the boot jar (see {@link Premain} for which and why),
 * without putting the boot jar on the bootstrap class path when it can.
 *
 * <p>Appending to the boot class path while class-data sharing (CDS) is on makes HotSpot print
 * "Sharing is only supported for boot loader classes because bootstrap classpath has been appended"
 * on the program's stderr and stop using the archive for application classes. So the classes are
 * <b>defined</b> in the bootstrap loader instead, from their bytes, with
 * {@code jdk.internal.misc.Unsafe.defineClass} ({@link UnsafeBootDefiner}); the JVM's dictionary of
 * the bootstrap loader then answers every later look-up of those names, from any loader, exactly as
 * the appended path did.
 *
 * <p>Invariants. (1) All are defined eagerly, here, before any is used: the bootstrap loader cannot
 * find later a class that is on no path of its. (2) Supertypes first ({@link #definitionOrder}):
 * defining a class resolves its superclass and interfaces at once, in the bootstrap loader. Other
 * references (fields, calls, nest hosts, permitted subclasses) are resolved lazily, after all are
 * defined. (3) No class of the boot jar is touched before: this class and {@link ClassFileHeader}
 * refer to the JDK only.
 *
 * <p>What differs from the appended path: the classes have no class-file resource in the bootstrap
 * loader (but {@code Class.getResource} on them asks the system loader, which finds forkscope.jar's,
 * as before). Their {@code Package}s are defined with them, as the bootstrap loader does for its path. If anything of the
 * injection fails (an unknown JVM without that method, a module that cannot be opened), the boot jar
 * is appended as before and the JVM's notice stays; classes defined before the failure stay too,
 * they are the same bytes as the path's.
 */
final class BootClasses {
    private static final String DEFINER = "io.forkscope.recorder.agent.UnsafeBootDefiner";
    static final String FAIL_AT = "forkscope.test.failBootDefinitionAt";
    /** The java.base packages {@link UnsafeBootDefiner} reflects on, opened to it alone. */
    static final List<String> OPENED = List.of("jdk.internal.misc", "jdk.internal.loader", "jdk.internal.access");

    private BootClasses() {}

    /** How the classes reached the bootstrap loader. */
    enum Route { DEFINED, APPENDED }

    /**
     * Gives the bootstrap loader the classes of {@code entry} of {@code agentJar}.
     *
     * @param probe a class of the boot jar (binary name), loaded from it at once if it is appended

     * @return how; the returned route's classes are all visible to the bootstrap loader
     * @throws IOException if the boot jar cannot be read, nor appended
     */
    static Route load(Path agentJar, String entry, String probe, Instrumentation inst) throws IOException {
        byte[] bootJar = readEntry(agentJar, entry);
        List<String> order = List.of();
        int defined = 0;
        try {
            Map<String, byte[]> classes = classesOf(bootJar);
            order = definitionOrder(headersOf(classes));
            BiFunction<String, byte[], Class<?>> definer = unsafeDefiner(inst);
            int failAt = injectedFailure();
            for (; defined < order.size(); defined++) {
                if (defined == failAt) {
                    throw new IllegalStateException("failure injected for a test by -D" + FAIL_AT + "=" + failAt);
                }
                String name = order.get(defined);
                definer.apply(name.replace('/', '.'), classes.get(name));
            }
            return Route.DEFINED;
        } catch (Exception | LinkageError e) {
            append(bootJar, inst, defined == 0 ? probe : null);
            return Route.APPENDED;
        }
    }

    /**
     * For forkscope's own tests only, not a user option: with {@code -Dforkscope.test.failBootDefinitionAt=N}
     * defining the Nth class (from 0) fails, so that the fallback runs for real, with none or some
     * of the classes defined already.
     */
    private static int injectedFailure() {
        String value = System.getProperty(FAIL_AT);
        try {
            return value == null ? -1 : Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The binary names ({@code a.b.C}) of the classes in {@code entry} of {@code agentJar}. */
    static java.util.Set<String> names(Path agentJar, String entry) throws IOException {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (String internal : classesOf(readEntry(agentJar, entry)).keySet()) {
            names.add(internal.replace('/', '.'));
        }
        return names;
    }

    /** Every class file of {@code jar}, by internal name, in the jar's order. */
    static Map<String, byte[]> classesOf(byte[] jar) throws IOException {
        Map<String, byte[]> classes = new LinkedHashMap<>();
        try (JarInputStream in = new JarInputStream(new ByteArrayInputStream(jar))) {
            for (JarEntry e = in.getNextJarEntry(); e != null; e = in.getNextJarEntry()) {
                String name = e.getName();
                if (!e.isDirectory() && name.endsWith(".class") && !name.endsWith("module-info.class")
                        && !name.startsWith("META-INF/")) {
                    classes.put(name.substring(0, name.length() - ".class".length()), in.readAllBytes());
                }
            }
        }
        return classes;
    }

    static Map<String, ClassFileHeader> headersOf(Map<String, byte[]> classes) throws IOException {
        Map<String, ClassFileHeader> headers = new LinkedHashMap<>();
        for (Map.Entry<String, byte[]> c : classes.entrySet()) {
            ClassFileHeader h = ClassFileHeader.read(c.getValue());
            if (!h.name().equals(c.getKey())) {
                throw new IOException(c.getKey() + ".class declares " + h.name());
            }
            headers.put(c.getKey(), h);
        }
        return headers;
    }

    /**
     * All of {@code headers}' names, each after every supertype of it that is among them (supertypes
     * outside, the JDK's, the bootstrap loader finds itself); otherwise by name, so the order is the
     * same every run.
     *
     * @throws IllegalArgumentException on a cycle (no valid set of class files has one)
     */
    static List<String> definitionOrder(Map<String, ClassFileHeader> headers) {
        List<String> order = new ArrayList<>(headers.size());
        Set<String> done = new HashSet<>();
        Set<String> onPath = new HashSet<>();
        for (String name : new TreeSet<>(headers.keySet())) {
            visit(name, headers, done, onPath, order);
        }
        return order;
    }

    private static void visit(String name, Map<String, ClassFileHeader> headers, Set<String> done,
                              Set<String> onPath, List<String> order) {
        ClassFileHeader h = headers.get(name);
        if (h == null || done.contains(name)) {
            return;
        }
        if (!onPath.add(name)) {
            throw new IllegalArgumentException("cyclic type hierarchy through " + name);
        }
        for (String supertype : h.supertypes()) {
            visit(supertype, headers, done, onPath, order);
        }
        onPath.remove(name);
        done.add(name);
        order.add(name);
    }

    /**
     * {@link UnsafeBootDefiner}, defined in a fresh loader whose unnamed module alone gets the
     * internal packages of java.base it needs opened.
     */
    @SuppressWarnings("unchecked")
    private static BiFunction<String, byte[], Class<?>> unsafeDefiner(Instrumentation inst) throws Exception {
        byte[] bytes;
        try (InputStream in = BootClasses.class.getClassLoader()
                .getResourceAsStream(DEFINER.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new IOException(DEFINER + " not found");
            }
            bytes = in.readAllBytes();
        }
        Class<?> definer = new IsolatedLoader().define(DEFINER, bytes);
        Module javaBase = Object.class.getModule();
        Map<String, Set<Module>> opens = new HashMap<>();
        for (String pkg : OPENED) {
            opens.put(pkg, Set.of(definer.getModule()));
        }
        inst.redefineModule(javaBase, Set.of(), Map.of(), opens, Set.of(), Map.of());
        return (BiFunction<String, byte[], Class<?>>) definer.getConstructor().newInstance();
    }

    /** The loader of {@link UnsafeBootDefiner} only; its parent is the bootstrap loader. */
    private static final class IsolatedLoader extends ClassLoader {
        IsolatedLoader() {
            super("forkscope-boot-definer", null);
        }

        Class<?> define(String name, byte[] bytes) {
            return defineClass(name, bytes, 0, bytes.length);
        }
    }

    /**
     * Today's fallback: the boot jar, copied to a temporary file (owner-only on POSIX), goes on the
     * bootstrap class path. The file is deleted as soon as the JVM has opened it, which loading
     * {@code probe} from it makes sure of; without a probe (some classes were defined already, the
     * probe may be one of them) and on systems that cannot delete an open file, at exit.
     */
    private static void append(byte[] bootJar, Instrumentation inst, String probe) throws IOException {
        Path boot = Files.createTempFile("forkscope-boot-", ".jar");
        boolean appended = false;
        try {
            Files.write(boot, bootJar);
            inst.appendToBootstrapClassLoaderSearch(new JarFile(boot.toFile()));
            appended = true;
            if (probe != null) {
                Class.forName(probe, false, null);
            }
        } catch (ClassNotFoundException e) {
            throw new IOException(probe + " not found in the appended boot jar", e);
        } finally {
            if (appended && probe == null) {
                boot.toFile().deleteOnExit();
            } else {
                deleteOrAtExit(boot);
            }
        }
    }

    private static void deleteOrAtExit(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            file.toFile().deleteOnExit();
        }
    }

    private static byte[] readEntry(Path agentJar, String entry) throws IOException {
        try (JarFile outer = new JarFile(agentJar.toFile())) {
            JarEntry e = outer.getJarEntry(entry);
            if (e == null) {
                throw new IOException(agentJar + " has no " + entry);
            }
            try (InputStream in = outer.getInputStream(e)) {
                return in.readAllBytes();
            }
        }
    }
}
