package io.forkscope.recorder.count.weave;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;
import org.junit.jupiter.api.Test;

/** Which methods of a class cannot reach a fork/join event (the greatest fixed point, exact dispatch only). */
class QuietMethodsTest {
    private static QuietMethods of(Class<?> type) throws Exception {
        return of(type, Set.of());
    }

    /** @param unwoven the methods the weaver would leave uncounted */
    private static QuietMethods of(Class<?> type, Set<String> unwoven) throws Exception {
        String resource = "/" + type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.getResourceAsStream(resource)) {
            ClassReader reader = OpenedClassReader.of(in.readAllBytes());
            Map<String, MethodShapes.Shape> shapes = MethodShapes.of(reader);
            return QuietMethods.of(reader.getClassName(), reader.getAccess(), shapes, unwoven);
        }
    }

    @Test
    void recursionAndCallsToQuietMethodsStayQuietAndAnInterfaceCallSpreadsToItsCallers() throws Exception {
        QuietMethods q = of(com.acme.count.Counted.class);
        assertThat(q.isQuiet("fib(I)J")).as("self recursion").isTrue();
        assertThat(q.isQuiet("add(II)I")).isTrue();
        assertThat(q.isQuiet("twice(I)I")).as("calls add only").isTrue();
        assertThat(q.isQuiet("middle(Ljava/util/function/LongSupplier;)J")).as("an interface call").isFalse();
        assertThat(q.isQuiet("outer(Ljava/util/function/LongSupplier;)J")).as("calls middle").isFalse();
        assertThat(q.isQuiet("caught(I)I")).as("constructs a JDK exception").isFalse();
        assertThat(q.isQuiet("<clinit>()V")).isFalse();
    }

    @Test
    void aForkJoinTasksComputeIsNeverQuiet() throws Exception {
        QuietMethods q = of(com.acme.count.Counted.Fib.class);
        assertThat(q.isQuiet("compute()Ljava/lang/Long;")).isFalse();
        assertThat(q.isQuiet("<init>(I)V")).as("stores a field after RecursiveTask's constructor").isTrue();
    }

    @Test
    void theTaskClassesConstructorsAreInertTheirOtherMethodsAndOtherConstructorsAreNot() {
        for (String task : new String[] {"ForkJoinTask", "RecursiveTask", "RecursiveAction", "CountedCompleter"}) {
            String owner = "java/util/concurrent/" + task;
            assertThat(QuietMethods.isInertJdkCall(Opcodes.INVOKESPECIAL, owner, "<init>", "()V")).as(task).isTrue();
            assertThat(QuietMethods.isInertJdkCall(Opcodes.INVOKEVIRTUAL, owner, "fork",
                    "()Ljava/util/concurrent/ForkJoinTask;")).as(task).isFalse();
            assertThat(QuietMethods.isInertJdkCall(Opcodes.INVOKESPECIAL, owner, "compute", "()V")).as(task).isFalse();
        }
        assertThat(QuietMethods.isInertJdkCall(Opcodes.INVOKESPECIAL, "java/util/concurrent/ForkJoinPool", "<init>",
                "()V")).as("a pool's constructor starts nothing yet, but is the runtime's").isFalse();
        assertThat(QuietMethods.isInertJdkCall(Opcodes.INVOKESPECIAL, "java/lang/Thread", "<init>", "()V")).isFalse();
    }

    /** Mutual recursion, overridable and final virtual calls, a lambda. */
    static class Shapes {
        static boolean even(int n) {
            return n == 0 || odd(n - 1);
        }

        static boolean odd(int n) {
            return n != 0 && even(n - 1);
        }

        int overridable() {
            return 1;
        }

        final int fixed() {
            return overridable();
        }

        private int privateCall() {
            return 2;
        }

        int callsPrivate() {
            return privateCall() + (int) Math.sqrt(Integer.valueOf(4));
        }

        int callsParse(String s) {
            return Integer.parseInt(s);
        }

        Runnable lambda() {
            return () -> { };
        }
    }

    @Test
    void exactDispatchOnlyAndTheJdkMethodsThatCallNoProgramCode() throws Exception {
        QuietMethods q = of(Shapes.class);
        assertThat(q.isQuiet("even(I)Z")).as("mutual recursion").isTrue();
        assertThat(q.isQuiet("odd(I)Z")).isTrue();
        assertThat(q.isQuiet("overridable()I")).as("its own body").isTrue();
        assertThat(q.isQuiet("fixed()I")).as("a subclass may override what it calls").isFalse();
        assertThat(q.isQuiet("callsPrivate()I")).as("private, Math, Integer.valueOf(int)").isTrue();
        assertThat(q.isQuiet("callsParse(Ljava/lang/String;)I")).as("an object argument").isFalse();
        assertThat(q.isQuiet("lambda()Ljava/lang/Runnable;")).as("invokedynamic").isFalse();
        String self = Shapes.class.getName().replace('.', '/');
        assertThat(q.isQuietCall(Opcodes.INVOKEVIRTUAL, self, "overridable", "()I")).isFalse();
        assertThat(q.isQuietCall(Opcodes.INVOKEVIRTUAL, self, "fixed", "()I")).isFalse();
        assertThat(q.isQuietCall(Opcodes.INVOKESTATIC, self, "even", "(I)Z")).isTrue();
        assertThat(q.isQuietCall(Opcodes.INVOKESTATIC, "com/other/Elsewhere", "even", "(I)Z")).isFalse();
    }

    @Test
    void aMethodTheWeaverLeavesUncountedIsNotQuietNorAreItsCallers() throws Exception {
        QuietMethods q = of(Shapes.class, Set.of("odd(I)Z"));
        assertThat(q.isQuiet("odd(I)Z")).isFalse();
        assertThat(q.isQuiet("even(I)Z")).isFalse();
    }
}
