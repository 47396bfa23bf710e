package io.forkscope.recorder.agent;

import java.io.File;
import java.lang.instrument.Instrumentation;
import java.util.jar.JarFile;

/**
 * The {@code Premain-Class} of forkscope.jar. Loaded by the system class loader, it only puts the
 * jar on the bootstrap class path (java.base must be able to link to the hooks woven into it) and
 * hands over to {@link Agent}, loaded from there, so that exactly one copy of every forkscope
 * class exists. Whatever fails, the program runs on without recording.
 */
public final class Premain {
    private Premain() {}

    public static void premain(String options, Instrumentation inst) {
        try {
            File jar = new File(Premain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            inst.appendToBootstrapClassLoaderSearch(new JarFile(jar));
            Class<?> agent = Class.forName("io.forkscope.recorder.agent.Agent", true, null);
            agent.getMethod("start", String.class, Instrumentation.class).invoke(null, options, inst);
        } catch (Throwable t) {
            Throwable cause = t instanceof java.lang.reflect.InvocationTargetException ? t.getCause() : t;
            System.err.println("forkscope: could not start, the program runs without recording: " + cause);
        }
    }

    public static void agentmain(String options, Instrumentation inst) {
        System.err.println("forkscope: attaching to a running JVM is not supported (ForkJoinTask is already"
                + " loaded); start the JVM with -javaagent:forkscope.jar");
    }
}
