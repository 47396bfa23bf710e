package io.forkscope.recorder.fj;

import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.pool.TypePool;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * In {@code ForkJoinTask.doExec()}, right after its call of {@code exec()} returns normally, calls
 * {@link ForkJoinHooks#execReturned} with the task: the body's end. What doExec does after that
 * (mark the task done and unpark the threads parked in its join, some µs each) is the runtime's,
 * and {@link ExecAdvice}'s exit, which runs after it, would otherwise count it in the task's last
 * strand (SPEC §1: a strand excludes the runtime's time).
 *
 * <p>The call goes after the {@code invokevirtual exec()Z}, with exec's boolean result left on the
 * operand stack beneath {@code this}, which the call consumes: one slot more of stack, no local, no
 * new branch, so the method's stack map frames stay valid. JDK 17 and 25 both call exec() once in
 * doExec; an exec() that throws skips the call, and the end hook then ends the body at its own read.
 */
final class ExecReturnWeaver implements AsmVisitorWrapper.ForDeclaredMethods.MethodVisitorWrapper {
    private static final String TASK = "java/util/concurrent/ForkJoinTask";
    private static final String HOOKS = Type.getInternalName(ForkJoinHooks.class);

    /** How many exec() calls got the hook (1 once ForkJoinTask is woven on JDK 17 to 25). */
    private volatile int woven;

    /** @return how many exec() calls were given the hook so far */
    int woven() {
        return woven;
    }

    @Override
    public MethodVisitor wrap(TypeDescription instrumentedType, MethodDescription instrumentedMethod,
                              MethodVisitor methodVisitor, Implementation.Context implementationContext,
                              TypePool typePool, int writerFlags, int readerFlags) {
        return new AfterExec(methodVisitor, () -> woven++);
    }

    /** Inserts the hook after each {@code this.exec()} call of the method it visits. */
    static final class AfterExec extends MethodVisitor {
        private final Runnable onWoven;

        AfterExec(MethodVisitor mv, Runnable onWoven) {
            super(OpenedClassReader.ASM_API, mv);
            this.onWoven = onWoven;
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            if (opcode == Opcodes.INVOKEVIRTUAL && TASK.equals(owner) && "exec".equals(name) && "()Z".equals(descriptor)) {
                super.visitVarInsn(Opcodes.ALOAD, 0);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "execReturned", "(Ljava/lang/Object;)V", false);
                onWoven.run();
            }
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            super.visitMaxs(maxStack + 1, maxLocals);
        }
    }
}
