package io.forkscope.recorder.count.weave;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.recorder.count.BytecodeCounter;
import io.forkscope.recorder.sites.weave.WeavingLoader;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.Test;

/**
 * Methods near the class file's 64 KB limit of code, generated here so that their sizes are known:
 * the counting weaver's longer forms (the cell's hand-over in an original, a twin's extra arguments)
 * would pass the limit where the shorter form does not, and the weaver must fall back to the shorter
 * form with the same count, or leave the method uncounted when even that does not fit.
 *
 * <p>Sizes, per repetition of the generated body: {@code big} repeats {@code iconst_1 iconst_2
 * invokestatic Counted.add pop} (6 bytes; a call to another class, so a hand-over: 6 more bytes as a
 * call of {@code add}, 11 more as the cell's {@code aload bipush dup2 laload ldc2_w ladd lastore});
 * {@code bigQuiet} repeats {@code invokestatic one pop} (4 bytes; a quiet call: the count's
 * {@code lload ldc2_w ladd lstore}, 8 more, and in the twin the cell and lane, 4 more).
 */
class LargeMethodTest {
    private static final String BIG = "com/acme/big/Big";
    private static final String COUNTED = "com/acme/count/Counted";

    /** Fits with the hand-overs as calls of add (4,500 x 12 bytes), not with the cell's (4,500 x 17). */
    private static final int CELL_TOO_LARGE = 4_500;
    /** Fits unwoven (6,000 x 6 bytes), not woven in any form (6,000 x 12 bytes and more). */
    private static final int COUNTING_TOO_LARGE = 6_000;
    /** bigQuiet fits woven (4,500 x 12 bytes), its twin does not (4,500 x 16). */
    private static final int TWIN_TOO_LARGE = 4_500;

    @Test
    void anOriginalTooLargeWithTheCellHandsOverThroughAddWithTheSameCount() throws Exception {
        CountWeaver weaver = new CountWeaver("none/Hooks");
        byte[] woven = weaver.weave(big(CELL_TOO_LARGE, 10));
        assertThat(weaver.uncountedMethods()).isZero();
        assertThat(calls(woven, "big")).contains("add").doesNotContain("cell");
        assertThat(calls(woven, "small")).contains("cell").doesNotContain("add");   // the rest keep the cell
        Class<?> big = define(woven);
        // big: 4 instructions a repetition and Counted.add's 4 (iload_0 iload_1 iadd ireturn), then return
        assertThat(count(big, "big")).isEqualTo(CELL_TOO_LARGE * 8L + 1);
        assertThat(count(big, "small")).isEqualTo(10 * 8L + 1);
    }

    @Test
    void anOriginalTooLargeInAnyFormIsLeftUncounted() throws Exception {
        CountWeaver weaver = new CountWeaver("none/Hooks");
        byte[] woven = weaver.weave(big(COUNTING_TOO_LARGE, 10));
        assertThat(weaver.uncountedMethods()).isOne();
        Class<?> big = define(woven);
        assertThat(count(big, "big")).isEqualTo(COUNTING_TOO_LARGE * 4L);    // Counted.add's own, which is woven
        assertThat(count(big, "small")).isEqualTo(10 * 8L + 1);
    }

    @Test
    void aTwinTooLargeIsLeftOutAndItsQuietCallsCallTheOriginalWithTheSameCount() throws Exception {
        for (int n : new int[] {100, TWIN_TOO_LARGE}) {
            CountWeaver weaver = new CountWeaver("none/Hooks");
            Class<?> big = define(weaver.weave(quiet(n)));
            assertThat(weaver.uncountedMethods()).isZero();
            assertThat(twins(big, "one")).as("n = %d", n).isOne();
            assertThat(twins(big, "bigQuiet")).as("n = %d", n).isEqualTo(n == TWIN_TOO_LARGE ? 0 : 1);
            // callsBig: invokestatic return (2); bigQuiet: invokestatic pop (2) and one's iconst_1 ireturn (2)
            // a repetition, then return
            long expected = 2 + n * 4L + 1;
            assertThat(count(big, "callsBig")).as("n = %d", n).isEqualTo(expected);
            Class<?> plain = define(CountWeaver.withoutTwins("none/Hooks").weave(quiet(n)));
            assertThat(count(plain, "callsBig")).as("n = %d without twins", n).isEqualTo(expected);
        }
    }

    // ------------------------------------------------------------------ generated classes

    /** Big with static big() (n calls of Counted.add) and small() (m of them), both void. */
    private static byte[] big(int n, int m) {
        ClassWriter cw = classWriter();
        repeatCalls(cw, "big", n);
        repeatCalls(cw, "small", m);
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void repeatCalls(ClassWriter cw, String name, int n) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, name, "()V", null, null);
        mv.visitCode();
        for (int i = 0; i < n; i++) {
            mv.visitInsn(Opcodes.ICONST_1);
            mv.visitInsn(Opcodes.ICONST_2);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, COUNTED, "add", "(II)I", false);
            mv.visitInsn(Opcodes.POP);
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(2, 0);
        mv.visitEnd();
    }

    /** Big with quiet one(), bigQuiet() (n calls of one) and callsBig() (a quiet call of bigQuiet). */
    private static byte[] quiet(int n) {
        ClassWriter cw = classWriter();
        MethodVisitor one = cw.visitMethod(Opcodes.ACC_STATIC, "one", "()I", null, null);
        one.visitCode();
        one.visitInsn(Opcodes.ICONST_1);
        one.visitInsn(Opcodes.IRETURN);
        one.visitMaxs(1, 0);
        one.visitEnd();
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "bigQuiet", "()V", null, null);
        mv.visitCode();
        for (int i = 0; i < n; i++) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, BIG, "one", "()I", false);
            mv.visitInsn(Opcodes.POP);
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(1, 0);
        mv.visitEnd();
        MethodVisitor caller = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "callsBig", "()V", null, null);
        caller.visitCode();
        caller.visitMethodInsn(Opcodes.INVOKESTATIC, BIG, "bigQuiet", "()V", false);
        caller.visitInsn(Opcodes.RETURN);
        caller.visitMaxs(0, 0);
        caller.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static ClassWriter classWriter() {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, BIG, null, "java/lang/Object", null);
        return cw;
    }

    // ------------------------------------------------------------------ reading them back

    /** Defines the woven Big in a loader whose parent weaves com.acme.count (Counted) with counting too. */
    private static Class<?> define(byte[] woven) {
        CountWeaver counting = new CountWeaver("none/Hooks");
        WeavingLoader parent = new WeavingLoader("com.acme.count.", (l, name, bytes) -> counting.weave(bytes));
        return new ClassLoader(parent) {
            Class<?> big() {
                return defineClass(BIG.replace('/', '.'), woven, 0, woven.length);
            }
        }.big();
    }

    private static long count(Class<?> c, String method) throws Exception {
        Method m = c.getMethod(method);
        long before = BytecodeCounter.current();
        m.invoke(null);
        return BytecodeCounter.current() - before;
    }

    /** The methods of BytecodeCounter that {@code method} of the class file calls. */
    private static List<String> calls(byte[] classFile, String method) {
        List<String> names = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                if (!name.equals(method)) {
                    return null;
                }
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String callee, String desc, boolean itf) {
                        if (owner.equals(CountingMethod.COUNTER)) {
                            names.add(callee);
                        }
                    }
                };
            }
        }, 0);
        return names;
    }

    /** How many twins (private synthetic methods of that name) the class declares. */
    private static long twins(Class<?> c, String name) {
        return Arrays.stream(c.getDeclaredMethods())
                .filter(m -> m.getName().equals(name) && m.isSynthetic() && Modifier.isPrivate(m.getModifiers()))
                .count();
    }
}
