package io.forkscope.recorder.count.weave;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.recorder.count.BytecodeCounter;
import io.forkscope.recorder.sites.weave.WeavingLoader;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.Test;

/**
 * Methods near the class file's 64 KB limit of code, generated here so that their sizes are known:
 * a twin's extra arguments would pass the limit where its original does not, and the weaver must leave
 * the twin out with the same count; a method that counting would take past the limit is left uncounted.
 *
 * <p>Sizes, per repetition of the generated body: {@code big} repeats {@code iconst_1 iconst_2
 * invokestatic Counted.add pop} (6 bytes; a call to another class, so a hand-over: 6 more bytes, the
 * count's {@code ldc2_w} and the call of {@code add});
 * {@code bigQuiet} and {@code bigCaller} repeat {@code invokestatic one pop} (4 bytes; a quiet call:
 * the count's {@code lload_0 ldc2_w ladd lstore_0}, 6 more; calling one's twin, the cell and lane pushed
 * for it, {@code invokestatic cell bipush}, 5 more; in bigQuiet's twin, whose cell, lane and count are
 * at slots 2, 3 and 4, {@code aload_2 bipush} and the count's {@code lload 4 ... lstore 4}, 7 more).
 * bigCaller also calls another class's method once, so it is not quiet and has no twin.
 */
class LargeMethodTest {
    private static final String BIG = "com/acme/big/Big";
    private static final String COUNTED = "com/acme/count/Counted";

    /** Fits unwoven (6,000 x 6 bytes), not woven (6,000 x 12 bytes). */
    private static final int COUNTING_TOO_LARGE = 6_000;
    /** bigQuiet and bigCaller fit woven calling one's original (5,500 x 10 bytes), not calling its twin, nor as a twin (x 15). */
    private static final int TWIN_TOO_LARGE = 5_500;

    @Test
    void anOriginalTooLargeWovenIsLeftUncounted() throws Exception {
        CountWeaver weaver = new CountWeaver("none/Hooks");
        byte[] woven = weaver.weave(big(COUNTING_TOO_LARGE, 10));
        assertThat(weaver.uncountedMethods()).isOne();
        Class<?> big = define(woven);
        assertThat(count(big, "big")).isEqualTo(COUNTING_TOO_LARGE * 4L);    // Counted.add's own, which is woven
        assertThat(count(big, "small")).isEqualTo(10 * 8L + 1);
    }

    @Test
    void aTwinOrTwinCallsTooLargeAreLeftOutWithTheSameCount() throws Exception {
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
            // bigCaller: n x (invokestatic pop and one's 2), iconst_1 iconst_2 invokestatic pop and Counted.add's 4, return
            long callerExpected = n * 4L + 4 + 4 + 1;
            assertThat(count(big, "bigCaller")).as("n = %d", n).isEqualTo(callerExpected);
            assertThat(count(plain, "bigCaller")).as("n = %d without twins", n).isEqualTo(callerExpected);
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
            callAdd(mv);
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(2, 0);
        mv.visitEnd();
    }

    /** {@code iconst_1 iconst_2 invokestatic Counted.add pop}: a call to another class, so a hand-over. */
    private static void callAdd(MethodVisitor mv) {
        mv.visitInsn(Opcodes.ICONST_1);
        mv.visitInsn(Opcodes.ICONST_2);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, COUNTED, "add", "(II)I", false);
        mv.visitInsn(Opcodes.POP);
    }

    /** {@code n} times {@code invokestatic one pop}: quiet calls. */
    private static void callOne(MethodVisitor mv, int n) {
        for (int i = 0; i < n; i++) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, BIG, "one", "()I", false);
            mv.visitInsn(Opcodes.POP);
        }
    }

    /** Big with quiet one(), bigQuiet() (n calls of one), callsBig() (a quiet call of bigQuiet) and bigCaller(). */
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
        callOne(mv, n);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(1, 0);
        mv.visitEnd();
        MethodVisitor notQuiet = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "bigCaller", "()V", null, null);
        notQuiet.visitCode();
        callOne(notQuiet, n);
        callAdd(notQuiet);
        notQuiet.visitInsn(Opcodes.RETURN);
        notQuiet.visitMaxs(2, 0);
        notQuiet.visitEnd();
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

    /** How many twins (private synthetic methods of that name) the class declares. */
    private static long twins(Class<?> c, String name) {
        return Arrays.stream(c.getDeclaredMethods())
                .filter(m -> m.getName().equals(name) && m.isSynthetic() && Modifier.isPrivate(m.getModifiers()))
                .count();
    }
}
