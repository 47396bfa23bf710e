package io.forkscope.recorder.agent;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * The async-profiler bundled in forkscope.jar, loaded where it can be: its Java classes and native
 * libraries are resources under {@value #ROOT} (see forkscope-cli's pom), never classes of the jar.
 *
 * <p><b>Kept away from the program.</b> The JVM appends the agent jar to the system class path, so a
 * class {@code one.profiler.AsyncProfiler} at the jar's root would shadow or clash with the
 * program's own. Relocating it would break the native library, whose JNI functions are named after
 * the class ({@code Java_one_profiler_AsyncProfiler_execute0}). So the classes are defined, under
 * their own names, by a private loader ({@link Bundled}, parent: the platform loader) that nothing
 * else can reach; {@code System.load} from inside that class ties the library to that loader, which
 * is where the JVM looks for the class's native methods. The agent calls it by reflection.
 *
 * <p><b>One per JVM.</b> Two copies of the library in one process would fight over the profiling
 * signal (SIGPROF) and its handler. So nothing is loaded when one is there already: mapped into the
 * process ({@code /proc/self/maps}, Linux), named by a JVM option ({@code -agentpath:...asyncProfiler},
 * {@code -agentlib:asyncProfiler}), or its Java class loaded by another loader. A program that loads
 * its own copy later, after the agent started, is not detected (see docs/contexts-design.md).
 */
final class AsyncProfilerLibrary {
    static final String ROOT = "META-INF/forkscope/async-profiler/";
    static final String CLASS = "one.profiler.AsyncProfiler";
    /** For forkscope's tests only: load the library from this file instead (a bad file forces a load failure). */
    static final String TEST_LIBRARY_PROPERTY = "forkscope.test.asyncProfilerLibrary";

    private final Object profiler;
    private final Method execute;

    private AsyncProfilerLibrary(Object profiler, Method execute) {
        this.profiler = profiler;
        this.execute = execute;
    }

    /** Thrown when the bundled async-profiler cannot or must not be used here; the message says why. */
    static final class Unavailable extends Exception {
        Unavailable(String message) {
            super(message);
        }

        Unavailable(String message, Throwable cause) {
            super(message + ": " + cause, cause);
        }
    }

    /**
     * Loads the bundled async-profiler into this JVM.
     *
     * @throws Unavailable when this platform has no bundled library, another async-profiler is in the
     *                     JVM, or the library fails to load
     */
    static AsyncProfilerLibrary load(Instrumentation inst) throws Unavailable {
        String platform = platform(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
        if (platform == null) {
            throw new Unavailable("no bundled async-profiler for " + System.getProperty("os.name") + " "
                    + System.getProperty("os.arch"));
        }
        String noAccess = nativeAccessProblem();
        if (noAccess != null) {
            throw new Unavailable(noAccess);
        }
        String other = anotherAsyncProfiler(inst);
        if (other != null) {
            throw new Unavailable("another async-profiler is in this JVM (" + other + ")");
        }
        ClassLoader agentLoader = AsyncProfilerLibrary.class.getClassLoader();
        Path lib = null;
        try {
            String override = System.getProperty(TEST_LIBRARY_PROPERTY);
            lib = Files.createTempFile("forkscope-asyncProfiler-", ".so");
            try (InputStream in = override != null ? Files.newInputStream(Path.of(override))
                    : agentLoader.getResourceAsStream(ROOT + platform + "/libasyncProfiler.so")) {
                if (in == null) {
                    throw new Unavailable("forkscope.jar has no " + ROOT + platform + "/libasyncProfiler.so");
                }
                Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            }
            Class<?> c = Class.forName(CLASS, true, new Bundled(agentLoader));
            Object profiler = c.getMethod("getInstance", String.class).invoke(null, lib.toString());
            return new AsyncProfilerLibrary(profiler, c.getMethod("execute", String.class));
        } catch (InvocationTargetException e) {
            throw new Unavailable("async-profiler could not load", e.getCause());
        } catch (IOException | ReflectiveOperationException | LinkageError | SecurityException e) {
            throw new Unavailable("async-profiler could not load", e);
        } finally {
            deleteOrAtExit(lib);   // the loaded library stays mapped (on Linux and macOS alike)
        }
    }

    /** The JVM option that lets the program's class path (unnamed modules) load native libraries silently. */
    static final String NATIVE_ACCESS_OPTION = "--enable-native-access=ALL-UNNAMED";

    /**
     * JDK 22+ prints "WARNING: A restricted method in java.lang.System has been called" on stderr when
     * code without native access calls System.load, and for unnamed modules that permission is one
     * flag for all of them; granting it needs native access itself (ModuleLayer.Controller's
     * enableNativeAccess is restricted too). So there async-profiler is loaded only when the JVM was
     * started with {@value #NATIVE_ACCESS_OPTION} (record --sample passes it); otherwise JFR samples and
     * the note says why. @return null when loading is silent, else why not.
     */
    static String nativeAccessProblem() {
        if (Runtime.version().feature() < 22) {
            return null;
        }
        try {
            boolean enabled = (Boolean) Module.class.getMethod("isNativeAccessEnabled")
                    .invoke(AsyncProfilerLibrary.class.getModule());
            return enabled ? null : "on JDK " + Runtime.version().feature() + " loading it would print a warning on"
                    + " the program's stderr; start the JVM with " + NATIVE_ACCESS_OPTION + " (record --sample passes it)";
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "cannot tell whether native access is enabled (" + e + ")";
        }
    }

    /** Runs one async-profiler command (e.g. {@code start,...}, {@code stop}, {@code version}); @return its answer */
    String execute(String command) throws Exception {
        try {
            return (String) execute.invoke(profiler, command);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ex ? ex : e;
        }
    }

    /** The directory of the bundled library for this OS and architecture, or null when there is none. */
    static String platform(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (os.contains("linux")) {
            return switch (arch) {
                case "amd64", "x86_64" -> "linux-x64";
                case "aarch64", "arm64" -> "linux-arm64";
                default -> null;
            };
        }
        if (os.contains("mac")) {
            return "macos";   // one universal library (x86_64 and arm64)
        }
        return null;
    }

    /** What shows another async-profiler in this JVM, or null when none is seen. */
    static String anotherAsyncProfiler(Instrumentation inst) {
        for (String arg : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if ((arg.startsWith("-agentpath:") || arg.startsWith("-agentlib:"))
                    && arg.toLowerCase(Locale.ROOT).contains("asyncprofiler")) {
                return "JVM option " + arg;
            }
        }
        Path maps = Path.of("/proc/self/maps");
        if (Files.isReadable(maps)) {
            try (var lines = Files.lines(maps)) {
                String mapped = lines.filter(l -> l.contains("libasyncProfiler")).findFirst().orElse(null);
                if (mapped != null) {
                    return "mapped: " + mapped.substring(mapped.indexOf('/') < 0 ? 0 : mapped.indexOf('/'));
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                // unreadable: rely on the other signs
            }
        }
        if (inst != null) {
            for (Class<?> c : inst.getAllLoadedClasses()) {
                if (c.getName().equals(CLASS)) {
                    return CLASS + " loaded by " + c.getClassLoader();
                }
            }
        }
        return null;
    }

    private static void deleteOrAtExit(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            file.toFile().deleteOnExit();
        }
    }

    /**
     * Defines the bundled {@code one.profiler} classes from the agent jar's resources under
     * {@link #ROOT}; everything else comes from the platform loader (the classes use java.base only).
     */
    static final class Bundled extends ClassLoader {
        private final ClassLoader resources;

        Bundled(ClassLoader resources) {
            super("forkscope-async-profiler", ClassLoader.getPlatformClassLoader());
            this.resources = resources;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (!name.startsWith("one.profiler.")) {
                throw new ClassNotFoundException(name);
            }
            return define(name, resources.getResourceAsStream(ROOT + name.replace('.', '/') + ".class"));
        }

        private Class<?> define(String name, InputStream stream) throws ClassNotFoundException {
            try (InputStream in = stream) {
                if (in == null) {
                    throw new ClassNotFoundException(name);
                }
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }
}
