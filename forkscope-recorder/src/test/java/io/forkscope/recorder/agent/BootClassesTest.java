package io.forkscope.recorder.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.recorder.engine.SpanEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class BootClassesTest {
    interface Root {}

    interface Mid extends Root {}

    interface Side {}

    static class Base implements Mid {}

    static class Leaf extends Base implements Side, Root {}

    static final class Deeper extends Leaf implements Comparable<Deeper> {
        @Override
        public int compareTo(Deeper o) {
            return 0;
        }
    }

    private static final List<Class<?>> FIXTURES = List.of(Deeper.class, Leaf.class, Side.class, Base.class,
            Mid.class, Root.class);

    @Test
    void theHeaderSaysWhatTheJvmSaysOfTheClass() throws IOException {
        List<Class<?>> classes = new ArrayList<>(FIXTURES);
        classes.addAll(List.of(SpanEngine.class, BootClasses.class, ClassFileHeader.class, Long.class, Object.class));
        for (Class<?> c : classes) {
            ClassFileHeader h = ClassFileHeader.read(bytesOf(c));
            assertThat(h.name()).isEqualTo(internal(c));
            // an interface's class file names Object as its superclass (JVMS 4.1), reflection says none
            String superName = c.isInterface() ? "java/lang/Object"
                    : c.getSuperclass() == null ? null : internal(c.getSuperclass());
            assertThat(h.superName()).as(c.getName()).isEqualTo(superName);
            assertThat(h.interfaces()).as(c.getName()).containsExactlyElementsOf(
                    Arrays.stream(c.getInterfaces()).map(BootClassesTest::internal).collect(Collectors.toList()));
        }
    }

    @Test
    void notAClassFileIsAnError() {
        assertThatThrownBy(() -> ClassFileHeader.read(new byte[] {1, 2, 3, 4, 5, 6, 7, 8})).isInstanceOf(IOException.class);
    }

    @Test
    void everyClassComesAfterItsSupertypesAmongThem() throws IOException {
        Map<String, byte[]> fixtures = new LinkedHashMap<>();
        for (Class<?> c : FIXTURES) {
            fixtures.put(internal(c), bytesOf(c));
        }
        List<String> order = BootClasses.definitionOrder(BootClasses.headersOf(fixtures));
        assertThat(order).containsExactlyInAnyOrderElementsOf(fixtures.keySet());
        // by hand: Root before Mid before Base before Leaf before Deeper; Side before Leaf
        assertThat(order.indexOf(internal(Root.class))).isLessThan(order.indexOf(internal(Mid.class)));
        assertThat(order.indexOf(internal(Mid.class))).isLessThan(order.indexOf(internal(Base.class)));
        assertThat(order.indexOf(internal(Base.class))).isLessThan(order.indexOf(internal(Leaf.class)));
        assertThat(order.indexOf(internal(Side.class))).isLessThan(order.indexOf(internal(Leaf.class)));
        assertThat(order.indexOf(internal(Leaf.class))).isLessThan(order.indexOf(internal(Deeper.class)));
    }

    /** Brute force over this module's own classes: each one after all of its supertypes among them. */
    @Test
    void theRecordersOwnClassesComeInADefinableOrder() throws Exception {
        Path root = Path.of(SpanEngine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Map<String, byte[]> classes = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList())) {
                String name = root.relativize(f).toString().replace('\\', '/');
                classes.put(name.substring(0, name.length() - ".class".length()), Files.readAllBytes(f));
            }
        }
        assertThat(classes).hasSizeGreaterThan(50);
        Map<String, ClassFileHeader> headers = BootClasses.headersOf(classes);
        List<String> order = BootClasses.definitionOrder(headers);
        assertThat(order).containsExactlyInAnyOrderElementsOf(classes.keySet());
        int checkedEdges = 0;
        for (String name : order) {
            for (String supertype : headers.get(name).supertypes()) {
                if (classes.containsKey(supertype)) {
                    assertThat(order.indexOf(supertype)).as(supertype + " before " + name).isLessThan(order.indexOf(name));
                    checkedEdges++;
                }
            }
        }
        assertThat(checkedEdges).isPositive();
    }

    @Test
    void aCycleIsRefused() {
        Map<String, ClassFileHeader> headers = new LinkedHashMap<>();
        headers.put("a/A", new ClassFileHeader("a/A", "a/B", List.of()));
        headers.put("a/B", new ClassFileHeader("a/B", "java/lang/Object", List.of("a/C")));
        headers.put("a/C", new ClassFileHeader("a/C", "java/lang/Object", List.of("a/A")));
        assertThatThrownBy(() -> BootClasses.definitionOrder(headers)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cyclic");
    }

    @Test
    void onlyTheClassFilesOfTheJarAreTaken() throws IOException {
        ByteArrayOutputStream jar = new ByteArrayOutputStream();
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().putValue("Manifest-Version", "1.0");
        byte[] leaf = bytesOf(Leaf.class);
        try (JarOutputStream out = new JarOutputStream(jar, manifest)) {
            for (String name : List.of("io/", "io/forkscope/", "io/forkscope/notes.txt")) {
                out.putNextEntry(new JarEntry(name));
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry(internal(Leaf.class) + ".class"));
            out.write(leaf);
            out.closeEntry();
        }
        Map<String, byte[]> classes = BootClasses.classesOf(jar.toByteArray());
        assertThat(classes).containsOnlyKeys(internal(Leaf.class));
        assertThat(classes.get(internal(Leaf.class))).isEqualTo(leaf);
    }

    @Test
    void aClassFileUnderAnotherNameIsAnError() throws IOException {
        Map<String, byte[]> misnamed = Map.of("a/Renamed", bytesOf(Leaf.class));
        assertThatThrownBy(() -> BootClasses.headersOf(misnamed)).isInstanceOf(IOException.class)
                .hasMessageContaining("declares " + internal(Leaf.class));
    }

    private static String internal(Class<?> c) {
        return c.getName().replace('.', '/');
    }

    private static byte[] bytesOf(Class<?> c) throws IOException {
        String resource = "/" + internal(c) + ".class";
        try (InputStream in = c.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return in.readAllBytes();
        }
    }
}
