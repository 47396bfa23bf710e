package io.forkscope.junit;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.jar.JarFile;

/**
 * Makes forkscope-junit's own jar a {@code -javaagent}: {@code -javaagent:${io.forkscope:forkscope-junit:jar}=unit=bytecodes}
 * in surefire's argLine, with the path that maven-dependency-plugin's {@code properties} goal gives
 * every dependency (as Mockito documents for its agent on JDK 21+), so a project needs no other
 * file than its test dependency. It writes the forkscope.jar this jar carries to a temporary file
 * ({@link AgentJar}), appends it to the system class path, and hands over to that jar's premain,
 * which then finds its boot jar in it. Refers to nothing of forkscope-api, so that the agent's
 * boot classes are the first copy (see the recorder's Premain).
 */
public final class JunitAgent {
    private JunitAgent() {}

    public static void premain(String options, Instrumentation inst) {
        try {
            Path jar = AgentJar.locate();
            inst.appendToSystemClassLoaderSearch(new JarFile(jar.toFile()));
            Class.forName("io.forkscope.recorder.agent.Premain", true, ClassLoader.getSystemClassLoader())
                    .getMethod("premain", String.class, Instrumentation.class).invoke(null, options, inst);
        } catch (Throwable t) {
            Throwable cause = t instanceof java.lang.reflect.InvocationTargetException ? t.getCause() : t;
            System.err.println("forkscope: could not start, the program runs without recording: " + cause);
        }
    }
}
