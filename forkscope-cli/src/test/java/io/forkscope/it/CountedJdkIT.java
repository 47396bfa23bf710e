package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.cli.CliRunner;
import com.acme.jdk.JdkCallingPrograms;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code record --unit bytecodes --count-jdk} end to end, on every JDK (issue 25, docs/counted-work.md
 * "Counting the JDK"): a JDK loop is counted, linearly in its length, by exactly the instructions of
 * its loop as the JDK's own class file has them (read here with ASM, an oracle independent of the
 * weaver); a program that calls no JDK code counts the same with and without the option (forkscope's
 * hooks' own JDK use is not counted); and counts stay the same on 1 and 2 workers.
 */
class CountedJdkIT {
    static List<String> javas() {
        return Jdks.javas();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void arraysFillCountsItsLoopOncePerElement(String java, @TempDir Path dir) throws Exception {
        long loop = loopInstructions(java, "java/util/Arrays", "fill", "([II)V");
        assertThat(loop).as("javac's for loop: load, load, compare, the store's four, iinc, goto").isBetween(5L, 20L);
        long n1 = record(java, dir, "fill", 1000, 1, true).work();
        long n2 = record(java, dir, "fill", 2000, 1, true).work();
        long n4 = record(java, dir, "fill", 4000, 1, true).work();
        assertThat(n2 - n1).as("count(2n) - count(n) for n = 1000").isEqualTo(1000 * loop);
        assertThat(n4 - n2).as("count(4000) - count(2000)").isEqualTo(2000 * loop);
        long without = record(java, dir, "fill", 1000, 1, false).work();
        assertThat(without).as("without --count-jdk the call is one instruction of the caller's").isLessThan(20);
        assertThat(n1 - without).as("with it, the loop and the method's few others").isBetween(1000 * loop, 1000 * loop + 20);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void aProgramCallingNoJdkCodeCountsTheSameWithAndWithoutTheJdk(String java, @TempDir Path dir) throws Exception {
        Counted plain = record(java, dir, "nojdk", 50_000, 2, false);
        Counted jdk = record(java, dir, "nojdk", 50_000, 2, true);
        assertThat(plain.spawns()).as("it forks").isGreaterThan(500);
        assertThat(plain.work()).as("its own instructions are counted").isGreaterThan(50_000);
        assertThat(jdk.spawns()).isEqualTo(plain.spawns());
        assertThat(jdk.syncs()).isEqualTo(plain.syncs());
        // Forkscope's hooks, weavers, class loading and static initialisers are not counted. What is:
        // the fork/join runtime's own calls into woven JDK code before the hook of its event, in the
        // calling strand: JDK 25's ForkJoinPool.invoke checks its argument with Objects.requireNonNull
        // (aload, ifnonnull, aload, areturn) before its submission; JDK 17's calls nothing there. The
        // program invokes the pool once.
        long extra = jdk.work() - plain.work();
        assertThat(extra).as(jdk + " against " + plain).isBetween(0L, 4L);
        assertThat(jdk.span() - plain.span()).as("on the submitting strand, on the span").isEqualTo(extra);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void jdkCountsAreTheSameOnOneAndTwoWorkers(String java, @TempDir Path dir) throws Exception {
        Counted one = record(java, dir, "sorts", 40_000, 1, true);
        Counted two = record(java, dir, "sorts", 40_000, 2, true);
        Counted twoAgain = record(java, dir, "sorts", 40_000, 2, true);
        Counted plain = record(java, dir, "sorts", 40_000, 2, false);
        assertThat(two).isEqualTo(one);
        assertThat(twoAgain).isEqualTo(one);
        assertThat(one.work()).as("the sorts' own instructions are counted").isGreaterThan(2 * plain.work());
    }

    /** A region's counted work and span. */
    record Counted(long work, long span, long burdenedSpan, long spawns, long syncs) {}

    private static Counted record(String java, Path dir, String program, int n, int workers, boolean countJdk)
            throws Exception {
        Path out = dir.resolve(program + "-" + n + "-" + workers + "-" + countJdk + "-" + System.nanoTime() + ".fsk");
        List<String> cmd = new ArrayList<>(List.of("record", "--unit", "bytecodes"));
        if (countJdk) {
            cmd.add("--count-jdk");
        }
        cmd.addAll(List.of("-o", out.toString(), "--", java, "-cp", CliIT.cp(), JdkCallingPrograms.class.getName(),
                program, Integer.toString(n), Integer.toString(workers)));
        CliRunner.Result rec = CliRunner.run(cmd.toArray(String[]::new));
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        assertThat(rec.err()).as("no class left unwoven").doesNotContain("cannot weave");
        CliRunner.Result summary = CliRunner.run("summary", out.toString(), "--json");
        assertThat(summary.exitCode()).as(summary.err()).isZero();
        JsonNode s = new ObjectMapper().readTree(summary.out());
        for (JsonNode r : s.get("regions")) {
            if (r.get("label").asText().equals(program)) {
                return new Counted(r.get("work_ns").asLong(), r.get("span_ns").asLong(),
                        r.get("burdened_span_ns").asLong(), r.get("spawns").asLong(), r.get("syncs").asLong());
            }
        }
        throw new AssertionError("no region " + program + " in " + summary.out());
    }

    /**
     * The instructions of a method's one loop, read from the class file of the JDK that {@code java}
     * belongs to (its jrt image): from the target of the method's one backward {@code goto} to that
     * {@code goto}, both included; one trip executes each of them once.
     */
    static long loopInstructions(String java, String owner, String name, String descriptor) throws Exception {
        Path home = Path.of(java).getParent().getParent();
        byte[] bytes;
        try (FileSystem jrt = FileSystems.newFileSystem(URI.create("jrt:/"), Map.of("java.home", home.toString()))) {
            bytes = Files.readAllBytes(jrt.getPath("modules", "java.base", owner + ".class"));
        }
        long[] result = {-1};
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String n, String d, String signature, String[] exceptions) {
                if (!n.equals(name) || !d.equals(descriptor)) {
                    return null;
                }
                return new MethodVisitor(Opcodes.ASM9) {
                    final Map<Label, Integer> at = new java.util.HashMap<>();
                    int count;

                    @Override
                    public void visitLabel(Label label) {
                        at.put(label, count);
                    }

                    private void insn() {
                        count++;
                    }

                    @Override
                    public void visitInsn(int opcode) {
                        insn();
                    }

                    @Override
                    public void visitIntInsn(int opcode, int operand) {
                        insn();
                    }

                    @Override
                    public void visitVarInsn(int opcode, int var) {
                        insn();
                    }

                    @Override
                    public void visitTypeInsn(int opcode, String type) {
                        insn();
                    }

                    @Override
                    public void visitFieldInsn(int opcode, String o, String n2, String d2) {
                        insn();
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String o, String n2, String d2, boolean itf) {
                        insn();
                    }

                    @Override
                    public void visitLdcInsn(Object value) {
                        insn();
                    }

                    @Override
                    public void visitIincInsn(int var, int increment) {
                        insn();
                    }

                    @Override
                    public void visitJumpInsn(int opcode, Label label) {
                        insn();
                        Integer target = at.get(label);
                        if (opcode == Opcodes.GOTO && target != null) {     // backward: the loop's end
                            assertThat(result[0]).as("one loop").isEqualTo(-1);
                            result[0] = count - target;
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        assertThat(result[0]).as(owner + "." + name + descriptor + " has a loop").isPositive();
        return result[0];
    }
}
