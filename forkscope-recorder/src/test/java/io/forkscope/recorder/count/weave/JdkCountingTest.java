package io.forkscope.recorder.count.weave;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.recorder.count.BytecodeCounter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Set;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * count.jdk's weaving (docs/counted-work.md, "Counting the JDK") on classes generated here, whose
 * instructions are written out one by one below: the JDK's hand-overs add nothing while the thread is
 * paused (inside forkscope's hooks and weavers), {@code @IntrinsicCandidate} methods are left uncounted
 * in a JDK class and counted in an application's, and a method wrapped by {@link PausedMethods} pauses
 * for its whole run and resumes on every way out, a throw included.
 */
class JdkCountingTest {
    private static final String COUNTER = "io/forkscope/recorder/count/BytecodeCounter";

    @BeforeAll
    static void countTheJdk() {
        BytecodeCounter.countJdk();     // one-way, as in an agent: pause/resume work from now on in this JVM
    }

    @Test
    void aJdkClassHandsItsCountOverUnlessTheThreadIsPaused() throws Exception {
        // three(): iconst_1 iconst_2 iadd ireturn: 4 instructions
        byte[] bytes = generated("gen/Jdk1", false);
        Class<?> c = define("gen.Jdk1", new CountWeaver("none/Hooks", true).weave(bytes));
        assertThat(run(c, "three")).isEqualTo(4);
        BytecodeCounter.pause();
        try {
            assertThat(run(c, "three")).as("paused").isZero();
            BytecodeCounter.pause();                   // nested
            BytecodeCounter.resume();
            assertThat(run(c, "three")).as("still paused after a nested pause ended").isZero();
        } finally {
            BytecodeCounter.resume();
        }
        assertThat(run(c, "three")).as("resumed").isEqualTo(4);
    }

    @Test
    void applicationClassesCountWhilePausedAsBefore() throws Exception {
        Class<?> c = define("gen.App1", new CountWeaver("none/Hooks").weave(generated("gen/App1", false)));
        BytecodeCounter.pause();
        try {
            assertThat(run(c, "three")).isEqualTo(4);
        } finally {
            BytecodeCounter.resume();
        }
    }

    @Test
    void intrinsicCandidatesAreLeftUncountedInTheJdkOnly() throws Exception {
        CountWeaver jdk = new CountWeaver("none/Hooks", true);
        Class<?> c = define("gen.Jdk2", jdk.weave(generated("gen/Jdk2", true)));
        assertThat(jdk.intrinsicMethods()).isEqualTo(1);
        assertThat(jdk.uncountedMethods()).isZero();
        assertThat(run(c, "three")).isEqualTo(4);
        assertThat(run(c, "intrinsic")).as("the JIT's: counts as its call, in the caller").isZero();

        CountWeaver app = new CountWeaver("none/Hooks");
        Class<?> a = define("gen.App2", app.weave(generated("gen/App2", true)));
        assertThat(app.intrinsicMethods()).isZero();
        assertThat(run(a, "intrinsic")).as("an application's annotation means nothing").isEqualTo(4);
    }

    @Test
    void aPausedMethodPausesForItsWholeRunAndResumesOnReturnAndThrow() throws Exception {
        Class<?> jdk = define("gen.Jdk3", new CountWeaver("none/Hooks", true).weave(generated("gen/Jdk3", false)));
        Class<?> c = define("gen.Loader3", PausedMethods.weave(loaderLike("gen/Loader3"), Set.of("ok", "boom")));
        long before = BytecodeCounter.current();
        assertThat(c.getMethod("ok").invoke(null)).isEqualTo(7);
        assertThat(BytecodeCounter.current() - before).as("addJdk(5) inside: paused").isZero();
        assertThat(run(jdk, "three")).as("resumed at the return").isEqualTo(4);

        before = BytecodeCounter.current();
        assertThatThrownBy(() -> c.getMethod("boom").invoke(null))
                .isInstanceOf(InvocationTargetException.class).hasCauseInstanceOf(IllegalStateException.class);
        assertThat(BytecodeCounter.current() - before).as("addJdk(5) before the throw: paused").isZero();
        assertThat(run(jdk, "three")).as("resumed by the handler before the rethrow").isEqualTo(4);

        before = BytecodeCounter.current();
        assertThat(c.getMethod("other").invoke(null)).isEqualTo(7);
        assertThat(BytecodeCounter.current() - before).as("a method not listed is left as it was").isEqualTo(5);
    }

    @Test
    void theListedUpCallsAreWrappedInTheRealJdk() throws Exception {
        for (String owner : PausedMethods.METHODS.keySet()) {
            byte[] bytes;
            try (var in = ClassLoader.getSystemResourceAsStream(owner + ".class")) {
                bytes = in.readAllBytes();
            }
            byte[] woven = PausedMethods.weave(bytes);
            int[] pauses = new int[1];
            new net.bytebuddy.jar.asm.ClassReader(woven).accept(new net.bytebuddy.jar.asm.ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                                 String[] exceptions) {
                    return new MethodVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitMethodInsn(int opcode, String o, String n, String d, boolean itf) {
                            if (o.equals(COUNTER) && n.equals("pause")) {
                                pauses[0]++;
                            }
                        }
                    };
                }
            }, 0);
            assertThat(pauses[0]).as(owner + ": every listed method found and wrapped once")
                    .isEqualTo(PausedMethods.METHODS.get(owner).size());
        }
    }

    /** @return the instructions counted on this thread while the static no-argument method ran */
    private static long run(Class<?> c, String method) throws Exception {
        Method m = c.getMethod(method);
        long before = BytecodeCounter.current();
        m.invoke(null);
        return BytecodeCounter.current() - before;
    }

    /**
     * A class with {@code static int three()} (iconst_1 iconst_2 iadd ireturn) and, when
     * {@code intrinsic}, the same code again as {@code static int intrinsic()} annotated
     * {@code @jdk.internal.vm.annotation.IntrinsicCandidate}.
     */
    private static byte[] generated(String name, boolean intrinsic) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
        for (String m : intrinsic ? new String[] {"three", "intrinsic"} : new String[] {"three"}) {
            MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, m, "()I", null, null);
            if (m.equals("intrinsic")) {
                mv.visitAnnotation(MethodShapes.INTRINSIC, true).visitEnd();
            }
            mv.visitCode();
            mv.visitInsn(Opcodes.ICONST_1);
            mv.visitInsn(Opcodes.ICONST_2);
            mv.visitInsn(Opcodes.IADD);
            mv.visitInsn(Opcodes.IRETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        cw.visitEnd();
        return cw.toByteArray();
    }

    /**
     * {@code static int ok()}: addJdk(5), return 7; {@code static int boom()}: addJdk(5), throw an
     * IllegalStateException; {@code static int other()}: as ok.
     */
    private static byte[] loaderLike(String name) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
        for (String m : new String[] {"ok", "boom", "other"}) {
            MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, m, "()I", null, null);
            mv.visitCode();
            mv.visitLdcInsn(5L);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, COUNTER, "addJdk", "(J)V", false);
            if (m.equals("boom")) {
                mv.visitTypeInsn(Opcodes.NEW, "java/lang/IllegalStateException");
                mv.visitInsn(Opcodes.DUP);
                mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/IllegalStateException", "<init>", "()V", false);
                mv.visitInsn(Opcodes.ATHROW);
            } else {
                mv.visitIntInsn(Opcodes.BIPUSH, 7);
                mv.visitInsn(Opcodes.IRETURN);
            }
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static Class<?> define(String name, byte[] bytes) {
        return new ClassLoader(JdkCountingTest.class.getClassLoader()) {
            Class<?> define() {
                return defineClass(name, bytes, 0, bytes.length);
            }
        }.define();
    }
}
