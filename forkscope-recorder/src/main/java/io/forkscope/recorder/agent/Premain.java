package io.forkscope.recorder.agent;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;

/**
 * The {@code Premain-Class} of forkscope.jar. It gives the bootstrap loader the classes of the small
 * boot jar that forkscope.jar carries ({@value #BOOT_JAR}), then hands over to {@link Agent}. It
 * defines them there from their bytes ({@link BootClasses}), which leaves class-data sharing on and
 * the program's stderr clean; only where that is impossible does it append the boot jar to the
 * bootstrap class path, and the JVM then prints "Sharing is only supported for boot loader classes
 * because bootstrap classpath has been appended".
 *
 * <p>Two loaders share the work. The <b>bootstrap loader</b> gets the boot jar: the API
 * ({@code io.forkscope.Forkscope}, {@code Region}, {@code io.forkscope.spi}), the model and the
 * recorder's hooks and engine ({@code io.forkscope.recorder.{engine,fj,output,timing}}), but not the
 * weaving code. java.base must link to the hooks woven into it, and a program's copy of the API
 * (forkscope-api.jar, or forkscope.jar itself on the class path) must reach the same
 * {@code RecorderBridge} as the agent. The <b>system loader</b> (the JVM appends the agent jar to
 * the class path) loads this class, {@link Agent} and the rest of {@code recorder.agent}, the weavers
 * ({@code ForkJoinRecorder}, {@code PoolParallelismWeaver}, the call-site weaver in
 * {@code recorder.sites.weave}), the advice templates (read as class
 * files, never linked by woven code) and the relocated ByteBuddy they use. So neither ByteBuddy nor
 * the CLI, Jackson, JFreeChart or picocli become visible to every loader through the boot path.
 *
 * <p>Invariant: exactly one copy of every class the hooks use. Each class of the boot jar is defined
 * by the bootstrap loader only: forkscope.jar holds the same classes again, but the system loader
 * and any parent-first loader below it ask the bootstrap loader first and find them there. This
 * holds only if no class of the boot jar is loaded before the boot jar is appended (the system
 * loader would then define its own copy, with its own statics, e.g. a second, never-installed
 * {@code RecorderBridge}). Hence this class refers to nothing of forkscope and reaches {@link Agent}
 * by reflection, after the append. The converse is checked at build time (AgentJarIT): no class in the
 * boot jar refers to a class outside it, as the bootstrap loader could not see one. Classes of one
 * package split across the two loaders (recorder.fj) are different runtime packages, so calls
 * between the halves go through public members only.
 *
 * <p>Whatever fails, the program runs on without recording.
 */
public final class Premain {
    /** Where forkscope.jar carries the boot jar (built by forkscope-cli's pom). */
    static final String BOOT_JAR = "META-INF/forkscope/forkscope-boot.jar";
    /** A class of the boot jar, that the bootstrap loader must find once it has them. */
    private static final String BOOT_PROBE = "io.forkscope.spi.RecorderBridge";

    private Premain() {}

    public static void premain(String options, Instrumentation inst) {
        try {
            start(options, inst, Path.of(Premain.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (Throwable t) {
            System.err.println("forkscope: could not start, the program runs without recording: " + t);
        }
    }

    /**
     * Gives the bootstrap loader the boot jar and starts {@link Agent}.
     *
     * @return null when it records, else why not (printed on stderr, here or by Agent)
     */
    static String start(String options, Instrumentation inst, Path jar) {
        try {
            BootClasses.load(jar, BOOT_JAR, BOOT_PROBE, inst);
            Class.forName(BOOT_PROBE, false, null);
            Class<?> agent = Class.forName("io.forkscope.recorder.agent.Agent", true, Premain.class.getClassLoader());
            Object failure = agent.getMethod("start", String.class, Instrumentation.class).invoke(null, options, inst);
            return (String) failure;
        } catch (Throwable t) {
            Throwable cause = t instanceof java.lang.reflect.InvocationTargetException ? t.getCause() : t;
            System.err.println("forkscope: could not start, the program runs without recording: " + cause);
            return String.valueOf(cause);
        }
    }

    /**
     * Loaded into a running JVM (forkscope-junit's extension does this when the test JVM has no
     * -javaagent): starts only where that is sound, see {@link LateAttach}.
     */
    public static void agentmain(String options, Instrumentation inst) {
        try {
            LateAttach.start(options, inst,
                    Path.of(Premain.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (Throwable t) {
            System.err.println("forkscope: could not start in this running JVM: " + t);
            System.setProperty(LateAttach.STATUS, "not started: " + t);
        }
    }
}
