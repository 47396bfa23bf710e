package io.forkscope.recorder.fj;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;
import org.junit.jupiter.api.Test;

/**
 * The running JDK's ForkJoinTask.doExec gets exactly one call of the body-end hook, right after its
 * exec() call, with the task as argument (the agent's ITs load the woven class on JDK 17 and 25; this
 * checks the instructions themselves).
 */
class ExecReturnWeaverTest {
    @Test
    void doExecCallsTheHookRightAfterExecReturns() throws Exception {
        byte[] original;
        try (InputStream in = ClassLoader.getSystemResourceAsStream("java/util/concurrent/ForkJoinTask.class")) {
            original = in.readAllBytes();
        }
        int[] woven = {0};
        ClassReader reader = OpenedClassReader.of(original);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new ClassVisitor(OpenedClassReader.ASM_API, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                return "doExec".equals(name) ? new ExecReturnWeaver.AfterExec(mv, () -> woven[0]++) : mv;
            }
        }, 0);
        assertThat(woven[0]).isEqualTo(1);

        List<String> calls = new ArrayList<>();
        OpenedClassReader.of(writer.toByteArray()).accept(new ClassVisitor(OpenedClassReader.ASM_API) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                if (!"doExec".equals(name)) {
                    return null;
                }
                return new MethodVisitor(OpenedClassReader.ASM_API) {
                    @Override
                    public void visitVarInsn(int opcode, int var) {
                        calls.add(opcode == Opcodes.ALOAD ? "aload " + var : "var " + opcode);
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String n, String d, boolean itf) {
                        calls.add(n);
                    }
                };
            }
        }, 0);
        int exec = calls.indexOf("exec");
        assertThat(exec).as("%s", calls).isGreaterThanOrEqualTo(0);
        assertThat(calls.subList(exec, exec + 3)).containsExactly("exec", "aload 0", "execReturned");
        assertThat(calls).filteredOn("execReturned"::equals).hasSize(1);
    }
}
