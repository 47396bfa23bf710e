package io.forkscope.it.programs;

import java.net.URL;
import java.util.Collections;
import java.util.List;

/**
 * Asks for the libraries forkscope.jar bundles by their own names, the way a program that might
 * use them would, and prints what it gets: one line per class (found, or the throwable's type) and
 * per resource (how many copies the system and the platform/boot loaders see). Also runs a small
 * fork/join computation, so that the agent has work to weave and record.
 */
public final class BundledNamesProbe {
    public static final List<String> CLASSES = List.of(
            "net.bytebuddy.ByteBuddy", "net.bytebuddy.jar.asm.ClassReader", "net.bytebuddy.asm.Advice",
            "com.fasterxml.jackson.core.JsonFactory", "com.fasterxml.jackson.databind.ObjectMapper",
            "picocli.CommandLine", "org.jfree.chart.JFreeChart", "org.jfree.svg.SVGGraphics2D");
    public static final List<String> RESOURCES = List.of(
            "net/bytebuddy/ByteBuddy.class", "META-INF/versions/9/net/bytebuddy/ByteBuddy.class",
            "META-INF/versions/24/net/bytebuddy/jar/asmjdkbridge/JdkClassReader.class",
            "com/fasterxml/jackson/core/JsonFactory.class",
            "META-INF/versions/11/com/fasterxml/jackson/core/internal/shaded/fdp/v2_18_2/FastDoubleSwar.class",
            "META-INF/services/com.fasterxml.jackson.core.JsonFactory",
            "picocli/CommandLine.class", "org/jfree/chart/JFreeChart.class",
            "META-INF/maven/net.bytebuddy/byte-buddy/pom.properties",
            "META-INF/maven/com.fasterxml.jackson.core/jackson-core/pom.properties",
            "META-INF/maven/org.jfree/jfreechart/pom.properties", "META-INF/maven/info.picocli/picocli/pom.properties");

    /**
     * Classes of forkscope.jar that must stay off the bootstrap class path, asked of the platform
     * loader (whose parent is the bootstrap loader): the relocated libraries, the CLI, the agent's
     * start-up and weaving code.
     */
    public static final List<String> NOT_ON_BOOT_PATH = List.of(
            "io.forkscope.shaded.net.bytebuddy.ByteBuddy", "io.forkscope.shaded.jackson.core.JsonFactory",
            "io.forkscope.shaded.picocli.CommandLine", "io.forkscope.shaded.jfree.chart.JFreeChart",
            "io.forkscope.cli.Main", "io.forkscope.recorder.agent.Agent", "io.forkscope.recorder.fj.ForkJoinRecorder",
            "io.forkscope.recorder.fj.ExecAdvice", "io.forkscope.recorder.count.weave.CountTransformer");

    private BundledNamesProbe() {}

    public static void main(String[] args) throws Exception {
        System.out.println("sum " + new java.util.concurrent.ForkJoinPool(2).invoke(new ExitPrograms.Sum(0, 10_000, false)));
        for (String name : CLASSES) {
            String outcome;
            try {
                Class<?> c = Class.forName(name);
                outcome = "found in " + c.getClassLoader();
            } catch (Throwable t) {
                outcome = t.getClass().getName();
            }
            System.out.println("class " + name + ": " + outcome);
        }
        ClassLoader system = ClassLoader.getSystemClassLoader();
        ClassLoader platform = ClassLoader.getPlatformClassLoader();
        for (String name : NOT_ON_BOOT_PATH) {
            String outcome;
            try {
                outcome = "found in " + Class.forName(name, false, platform).getClassLoader();
            } catch (Throwable t) {
                outcome = t.getClass().getName();
            }
            System.out.println("boot class " + name + ": " + outcome);
        }
        for (String path : RESOURCES) {
            List<URL> seen = Collections.list(system.getResources(path));
            List<URL> seenByParents = Collections.list(platform.getResources(path));
            System.out.println("resource " + path + ": " + seen.size() + " " + seenByParents.size());
        }
    }
}
