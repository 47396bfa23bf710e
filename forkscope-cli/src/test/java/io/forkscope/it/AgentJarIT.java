package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.it.programs.BootClassesProbe;
import io.forkscope.it.programs.BundledNamesProbe;
import io.forkscope.it.programs.OwnLibrariesProgram;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.RegionRecord;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import net.bytebuddy.ByteBuddy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * forkscope.jar hides what it bundles: no bundled library under its own name (also not in a
 * multi-release tree), only the small boot jar on the bootstrap class path, and a program that
 * asks for those libraries, or brings its own copies, gets under the agent what it gets without.
 */
class AgentJarIT {
    /** The bundled libraries' own packages, as jar paths, and their Maven metadata. */
    private static final List<String> BUNDLED = List.of("net/bytebuddy/", "com/fasterxml/", "picocli/", "org/jfree/",
            "META-INF/maven/net.bytebuddy/", "META-INF/maven/com.fasterxml", "META-INF/maven/info.picocli/",
            "META-INF/maven/org.jfree/");
    private static final Pattern VERSIONED = Pattern.compile("META-INF/versions/(\\d+)/(.*)");
    private static final String BOOT_JAR = "META-INF/forkscope/forkscope-boot.jar";

    static List<String> javas() {
        return Jdks.javas();
    }

    @Test
    void noBundledLibraryKeepsItsOwnNameAndVersionedClassesSitWhereTheirNameSays() throws IOException {
        List<String> unrelocated = new ArrayList<>();
        List<String> misplaced = new ArrayList<>();
        int versionedClasses = 0;
        try (JarFile jar = new JarFile(ChildJvm.jar().toFile())) {
            assertThat(jar.getManifest().getMainAttributes().getValue("Multi-Release")).isEqualTo("true");
            for (JarEntry entry : Collections.list(jar.entries())) {
                String name = entry.getName();
                Matcher versioned = VERSIONED.matcher(name);
                String logical = versioned.matches() ? versioned.group(2) : name;
                if (BUNDLED.stream().anyMatch(logical::startsWith)) {
                    unrelocated.add(name);
                }
                if (versioned.matches() && logical.endsWith(".class") && !logical.endsWith("module-info.class")) {
                    versionedClasses++;
                    try (InputStream in = jar.getInputStream(entry)) {
                        String declared = declaredClassName(in.readAllBytes());
                        if (!logical.equals(declared + ".class")) {
                            misplaced.add(name + " declares " + declared);
                        }
                    }
                }
            }
        }
        assertThat(unrelocated).isEmpty();
        assertThat(misplaced).isEmpty();
        // ByteBuddy's release 9 and 24 trees and Jackson's are kept, relocated, not dropped
        assertThat(versionedClasses).isGreaterThan(2900);
    }

    /**
     * async-profiler rides along as resources, never as classes the system loader could find (the JVM
     * appends the agent jar to the class path): its classes, the three platforms' libraries and its
     * licence under META-INF/forkscope/async-profiler/, nothing of it at the jar's root.
     */
    @Test
    void asyncProfilerIsBundledOutOfTheProgramsReach() throws IOException {
        List<String> names = new ArrayList<>();
        try (JarFile jar = new JarFile(ChildJvm.jar().toFile())) {
            Collections.list(jar.entries()).forEach(e -> names.add(e.getName()));
        }
        assertThat(names).noneMatch(n -> n.startsWith("one/") || n.endsWith(".so") && !n.startsWith("META-INF/forkscope/"));
        String root = "META-INF/forkscope/async-profiler/";
        assertThat(names).contains(root + "one/profiler/AsyncProfiler.class", root + "linux-x64/libasyncProfiler.so",
                root + "linux-arm64/libasyncProfiler.so", root + "macos/libasyncProfiler.so",
                root + "LICENSE-async-profiler.txt");
    }

    @Test
    void theBootJarHoldsOnlyForkscopeClassesThatReferToNothingOutsideIt(@TempDir Path dir) throws IOException {
        Path boot = dir.resolve("forkscope-boot.jar");
        List<String> names;
        try (JarFile jar = new JarFile(ChildJvm.jar().toFile())) {
            JarEntry entry = jar.getJarEntry(BOOT_JAR);
            assertThat(entry).as(BOOT_JAR).isNotNull();
            try (InputStream in = jar.getInputStream(entry)) {
                Files.copy(in, boot);
            }
        }
        try (JarFile jar = new JarFile(boot.toFile())) {
            names = Collections.list(jar.entries()).stream().map(JarEntry::getName)
                    .filter(n -> !n.endsWith("/")).collect(Collectors.toList());
        }
        assertThat(names).allMatch(n -> n.startsWith("io/forkscope/") && n.endsWith(".class"))
                .noneMatch(n -> n.startsWith("io/forkscope/cli/") || n.startsWith("io/forkscope/recorder/agent/")
                        || n.startsWith("io/forkscope/shaded/") || n.contains("Advice"))
                .contains("io/forkscope/Forkscope.class", "io/forkscope/spi/RecorderBridge.class",
                        "io/forkscope/recorder/fj/ForkJoinHooks.class", "io/forkscope/recorder/fj/PoolParallelism.class",
                        "io/forkscope/recorder/engine/SpanEngine.class", "io/forkscope/recorder/engine/TaskHandle.class",
                        "io/forkscope/recorder/output/RecordingSink.class", "io/forkscope/model/RecordingWriter.class");

        // the bootstrap loader sees only the boot jar and the JDK: nothing in it may need more
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintWriter w = new PrintWriter(out, true)) {
            int rc = jdeps.run(w, w, "--missing-deps", boot.toString());
            w.flush();
            assertThat(rc).as(out.toString()).isZero();
        }
        assertThat(out.toString()).doesNotContain("not found");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void aProgramAskingForTheBundledLibrariesByNameFindsNoneOfThem(String java, @TempDir Path dir) throws Exception {
        String onlyTheProgram = ChildJvm.testClasses().toString();
        String withForkscopeJar = onlyTheProgram + File.pathSeparator + ChildJvm.jar();
        List<String> outputs = new ArrayList<>();
        for (boolean underAgent : new boolean[] {false, true}) {
            for (String classpath : List.of(onlyTheProgram, withForkscopeJar)) {
                String agent = underAgent ? "out=" + dir.resolve("probe" + outputs.size() + ".fsk") : null;
                ChildJvm.Result r = ChildJvm.run(command(java, agent, classpath, BundledNamesProbe.class), dir);
                assertThat(r.exitCode()).as(r.stderr()).isZero();
                assertThat(r.programStderr()).isEmpty();
                outputs.add(r.stdout());
            }
        }
        assertThat(outputs).as("with and without the agent and forkscope.jar on the class path")
                .containsOnly(outputs.get(0));
        List<String> lines = outputs.get(0).lines().collect(Collectors.toList());
        assertThat(lines).hasSize(1 + BundledNamesProbe.CLASSES.size() + BundledNamesProbe.NOT_ON_BOOT_PATH.size()
                + BundledNamesProbe.RESOURCES.size());
        for (String name : BundledNamesProbe.NOT_ON_BOOT_PATH) {
            assertThat(lines).contains("boot class " + name + ": java.lang.ClassNotFoundException");
        }
        for (String name : BundledNamesProbe.CLASSES) {
            assertThat(lines).contains("class " + name + ": java.lang.ClassNotFoundException");
        }
        for (String path : BundledNamesProbe.RESOURCES) {
            assertThat(lines).contains("resource " + path + ": 0 0");
        }
        for (String recording : List.of("probe2.fsk", "probe3.fsk")) {
            Recording rec = RecordingReader.read(dir.resolve(recording));
            assertThat(rec.complete()).isTrue();
            assertThat(rec.wholeRun().measures().spawns()).as(recording).isPositive();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void aProgramWithItsOwnByteBuddyAndJacksonWorksUnderTheAgent(String java, @TempDir Path dir) throws Exception {
        List<String> classpath = new ArrayList<>(List.of(ChildJvm.testClasses().toString()));
        for (Class<?> c : List.of(ByteBuddy.class, ObjectMapper.class, JsonFactory.class, JsonProperty.class)) {
            Path jar = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
            assertThat(jar.getFileName().toString()).as(c.getName()).endsWith(".jar").doesNotContain("forkscope");
            classpath.add(jar.toString());
        }
        classpath.add(ChildJvm.jar().toString());
        String cp = String.join(File.pathSeparator, classpath);
        Path out = dir.resolve("own.fsk");
        ChildJvm.Result plain = ChildJvm.run(command(java, null, cp, OwnLibrariesProgram.class), dir);
        ChildJvm.Result recorded = ChildJvm.run(command(java, "out=" + out, cp, OwnLibrariesProgram.class), dir);
        assertThat(plain.exitCode()).as(plain.stderr()).isZero();
        assertThat(recorded.exitCode()).as(recorded.stderr()).isZero();
        assertThat(plain.stdout()).contains("ByteBuddy from byte-buddy-", "ObjectMapper from jackson-databind-",
                "Made: made by ByteBuddy", "json {\"sum\":4999950000,\"parts\":[1,2,3]}");
        assertThat(recorded.stdout()).isEqualTo(plain.stdout());
        assertThat(recorded.programStderr()).isEqualTo(plain.programStderr());

        Recording rec = RecordingReader.read(out);
        RegionRecord sum = rec.regions().stream().filter(r -> r.label().equals("sum")).findFirst().orElseThrow();
        assertThat(sum.measures().spawns()).isPositive();
    }

    /**
     * The agent gives the bootstrap loader its classes without appending to the boot class path, so
     * the JVM keeps class-data sharing on and prints nothing: the program's stderr is what it is
     * without the agent, byte for byte. The program's own API copy still reaches the agent's bridge
     * (its region is recorded) because the bootstrap loader, asked first, defines the API.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void theAgentLeavesStderrAndClassDataSharingAlone(String java, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("boot.fsk");
        List<String> share = List.of("-Xshare:auto");
        ChildJvm.Result plain = ChildJvm.run(ChildJvm.command(java, null, share, BootClassesProbe.class), dir);
        ChildJvm.Result recorded = ChildJvm.run(ChildJvm.command(java, "out=" + out, share, BootClassesProbe.class), dir);
        assertThat(plain.exitCode()).as(plain.stderr()).isZero();
        assertThat(recorded.exitCode()).as(recorded.stderr()).isZero();
        assertThat(recorded.stderr()).doesNotContain("Sharing is only supported").isEqualTo(plain.stderr()).isEmpty();

        List<String> expected = new ArrayList<>(List.of("sum 4999950000"));
        for (String name : BootClassesProbe.SHARED) {
            expected.add(name + " loader=%s package=" + name.substring(0, name.lastIndexOf('.')));
        }
        assertThat(plain.stdout().lines()).containsExactlyElementsOf(
                expected.stream().map(l -> l.replace("%s", "system")).collect(Collectors.toList()));
        assertThat(recorded.stdout().lines()).containsExactlyElementsOf(
                expected.stream().map(l -> l.replace("%s", "bootstrap")).collect(Collectors.toList()));

        Recording rec = RecordingReader.read(out);
        assertThat(rec.complete()).isTrue();
        RegionRecord probe = rec.regions().stream().filter(r -> r.label().equals("probe")).findFirst().orElseThrow();
        assertThat(probe.measures().spawns()).isPositive();
    }

    /**
     * Where the classes cannot be defined in the bootstrap loader, the agent appends the boot jar as
     * it used to: the JVM's notice is back, nothing else changes. A test hook makes defining fail at
     * the first class (nothing defined yet) and halfway (the rest then comes from the path).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void whereDefiningFailsTheBootJarIsAppendedAsBefore(String java, @TempDir Path dir) throws Exception {
        ChildJvm.Result plain = ChildJvm.run(ChildJvm.command(java, null, List.of(), BootClassesProbe.class), dir);
        for (int failAt : new int[] {0, 40}) {
            Path out = dir.resolve("fallback" + failAt + ".fsk");
            List<String> hook = List.of("-Dforkscope.test.failBootDefinitionAt=" + failAt);
            ChildJvm.Result r = ChildJvm.run(ChildJvm.command(java, "out=" + out, hook, BootClassesProbe.class), dir);
            assertThat(r.exitCode()).as(r.stderr()).isZero();
            assertThat(r.stderr()).as("at " + failAt).contains("Sharing is only supported for boot loader classes");
            assertThat(r.programStderr()).isEqualTo(plain.stderr()).isEmpty();
            assertThat(r.stdout()).isEqualTo(plain.stdout().replace("loader=system", "loader=bootstrap"));
            Recording rec = RecordingReader.read(out);
            assertThat(rec.complete()).isTrue();
            assertThat(rec.regions().stream().filter(g -> g.label().equals("probe")).findFirst().orElseThrow()
                    .measures().spawns()).isPositive();
        }
    }

    private static List<String> command(String java, String agentOptions, String classpath, Class<?> main) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        if (agentOptions != null) {
            cmd.add("-javaagent:" + ChildJvm.jar() + "=" + agentOptions);
        }
        cmd.addAll(List.of("-cp", classpath, main.getName()));
        return cmd;
    }

    /** The internal name a class file declares for itself (its this_class entry). */
    private static String declaredClassName(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(classFile));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] classNameIndex = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classNameIndex[i] = in.readUnsignedShort();
                case 8, 16, 19, 20 -> in.skipNBytes(2);
                case 15 -> in.skipNBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                case 5, 6 -> {
                    in.skipNBytes(8);
                    i++;
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        in.readUnsignedShort();
        return utf8[classNameIndex[in.readUnsignedShort()]];
    }
}
