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
    static final List<String> CLASSES = List.of(
            "net.bytebuddy.ByteBuddy", "net.bytebuddy.jar.asm.ClassReader", "net.bytebuddy.asm.Advice",
            "com.fasterxml.jackson.core.JsonFactory", "com.fasterxml.jackson.databind.ObjectMapper",
            "picocli.CommandLine", "org.jfree.chart.JFreeChart", "org.jfree.svg.SVGGraphics2D");
    static final List<String> RESOURCES = List.of(
            "net/bytebuddy/ByteBuddy.class", "META-INF/versions/9/net/bytebuddy/ByteBuddy.class",
            "META-INF/versions/24/net/bytebuddy/jar/asmjdkbridge/JdkClassReader.class",
            "com/fasterxml/jackson/core/JsonFactory.class",
            "META-INF/versions/11/com/fasterxml/jackson/core/internal/shaded/fdp/v2_18_2/FastDoubleSwar.class",
            "META-INF/services/com.fasterxml.jackson.core.JsonFactory",
            "picocli/CommandLine.class", "org/jfree/chart/JFreeChart.class",
            "META-INF/maven/net.bytebuddy/byte-buddy/pom.properties",
            "META-INF/maven/com.fasterxml.jackson.core/jackson-core/pom.properties",
            "META-INF/maven/org.jfree/jfreechart/pom.properties", "META-INF/maven/info.picocli/picocli/pom.properties");

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
        for (String path : RESOURCES) {
            List<URL> seen = Collections.list(system.getResources(path));
            List<URL> seenByParents = Collections.list(platform.getResources(path));
            System.out.println("resource " + path + ": " + seen.size() + " " + seenByParents.size());
        }
    }
}
