package io.forkscope.recorder.sites.weave;

import io.forkscope.model.sites.SiteKind;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * The weaver's second pass: inserts the hook calls at the sites {@link SitePlanner} found, with the
 * ids they were registered under.
 *
 * <p>Invariants that make a VerifyError impossible without recomputing frames (which would load
 * classes):
 * <ul>
 *   <li>Every insertion is stack-neutral and needs at most 2 more stack slots (max_stack + 2).
 *   <li>A call site's token lives in one new local (the original max_locals), stored right before
 *       the invoke and loaded right after it: nothing can branch in between, so no stack map frame
 *       ever has to describe it.
 *   <li>A lambda body's token lives in the local at the original max_locals from the method's
 *       first instruction to every return; every frame of the method is extended (read expanded)
 *       to declare it an int, which it is on every path, as it is stored before any branch. Its
 *       call sites use the local above.
 * </ul>
 */
final class SiteWriter extends ClassVisitor {
    /** The bootstrap method of an enter: {@code hooks.siteLink(Lookup, String, MethodType, int site, int method)}. */
    static final String LINK_DESCRIPTOR = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
            + "Ljava/lang/invoke/MethodType;II)Ljava/lang/invoke/CallSite;";
    /** The bootstrap method of an exit: {@code hooks.siteExitLink(Lookup, String, MethodType)}. */
    static final String EXIT_LINK_DESCRIPTOR = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
            + "Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;";

    private final Map<String, MethodPlan> plans;
    private final String hooks;
    /** Whether the class file may hold invokedynamic (Java 7, version 51, and later). */
    private boolean dynamic;

    /** @param hooks internal name of the class with static siteEnter(II)I, siteExit(I)V, siteFork(II)V */
    SiteWriter(ClassVisitor next, Map<String, MethodPlan> plans, String hooks) {
        super(OpenedClassReader.ASM_API, next);
        this.plans = plans;
        this.hooks = hooks;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        dynamic = (version & 0xFFFF) >= Opcodes.V1_7;
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
        MethodPlan plan = plans.get(name + descriptor);
        return plan == null || !plan.hasWork() || mv == null ? mv : new Weave(mv, plan);
    }

    private final class Weave extends MethodVisitor {
        private final MethodPlan plan;
        private int insn;
        private int next;

        Weave(MethodVisitor mv, MethodPlan plan) {
            super(OpenedClassReader.ASM_API, mv);
            this.plan = plan;
        }

        @Override
        public void visitCode() {
            super.visitCode();
            if (plan.lambda) {
                enter(plan.lambdaSite, plan.lambdaMethod);
                super.visitVarInsn(Opcodes.ISTORE, plan.lambdaToken());
            }
        }

        @Override
        public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
            if (!plan.lambda) {
                super.visitFrame(type, numLocal, local, numStack, stack);
                return;
            }
            if (type != Opcodes.F_NEW) {
                throw new IllegalStateException("a lambda body's frames must be read expanded");
            }
            int slots = 0;
            for (int i = 0; i < numLocal; i++) {
                slots += local[i] == Opcodes.LONG || local[i] == Opcodes.DOUBLE ? 2 : 1;
            }
            int token = plan.lambdaToken();
            if (slots > token) {
                throw new IllegalStateException("a frame declares more locals than max_locals");
            }
            Object[] extended = new Object[numLocal + (token - slots) + 1];
            System.arraycopy(local, 0, extended, 0, numLocal);
            for (int i = numLocal; i < extended.length - 1; i++) {
                extended[i] = Opcodes.TOP;
            }
            extended[extended.length - 1] = Opcodes.INTEGER;
            super.visitFrame(type, extended.length, extended, numStack, stack);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            MethodPlan.Site site = next < plan.sites.size() && plan.sites.get(next).insn() == insn
                    ? plan.sites.get(next) : null;
            insn++;
            if (site == null) {
                super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
                return;
            }
            int id = plan.siteIds[next++];
            if (site.kind() == SiteKind.FORK) {
                push(id);
                push(plan.methodId);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, hooks, "siteFork", "(II)V", false);
                super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
                return;
            }
            enter(id, plan.methodId);
            super.visitVarInsn(Opcodes.ISTORE, plan.callToken());
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            super.visitVarInsn(Opcodes.ILOAD, plan.callToken());
            exit();
        }

        @Override
        public void visitInsn(int opcode) {
            insn++;
            if (plan.lambda && opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
                super.visitVarInsn(Opcodes.ILOAD, plan.lambdaToken());
                exit();
            }
            super.visitInsn(opcode);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            if (insn != plan.instructions || next != plan.sites.size() || maxLocals != plan.maxLocals) {
                throw new IllegalStateException("second pass disagrees with the first in " + plan.name);
            }
            super.visitMaxs(maxStack + 2, plan.lambda ? maxLocals + 2 : maxLocals + 1);
        }

        /**
         * Pushes the token of an enter of {@code site}: an invokedynamic linked by the hooks'
         * siteLink (relinked to the constant -1 when the site is throttled, see SiteLinks), or in a
         * class file older than Java 7 a static call of siteEnter(site, method).
         */
        private void enter(int site, int method) {
            if (dynamic) {
                super.visitInvokeDynamicInsn("siteEnter", "()I",
                        new Handle(Opcodes.H_INVOKESTATIC, hooks, "siteLink", LINK_DESCRIPTOR, false), site, method);
            } else {
                push(site);
                push(method);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, hooks, "siteEnter", "(II)I", false);
            }
        }

        /**
         * Calls the exit with the token on the stack: an invokedynamic whose constant target tests
         * the token before calling the hooks' siteExit (see SiteLinks#linkExit), or in a class file
         * older than Java 7 the static siteExit, which tests it first.
         */
        private void exit() {
            if (dynamic) {
                super.visitInvokeDynamicInsn("siteExit", "(I)V",
                        new Handle(Opcodes.H_INVOKESTATIC, hooks, "siteExitLink", EXIT_LINK_DESCRIPTOR, false));
            } else {
                super.visitMethodInsn(Opcodes.INVOKESTATIC, hooks, "siteExit", "(I)V", false);
            }
        }

        private void push(int v) {
            if (v >= -1 && v <= 5) {
                super.visitInsn(Opcodes.ICONST_0 + v);
            } else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
                super.visitIntInsn(Opcodes.BIPUSH, v);
            } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
                super.visitIntInsn(Opcodes.SIPUSH, v);
            } else {
                super.visitLdcInsn(v);
            }
        }

        // every other instruction only counts
        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bsm, Object... args) {
            insn++;
            super.visitInvokeDynamicInsn(name, descriptor, bsm, args);
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            insn++;
            super.visitIntInsn(opcode, operand);
        }

        @Override
        public void visitVarInsn(int opcode, int varIndex) {
            insn++;
            super.visitVarInsn(opcode, varIndex);
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            insn++;
            super.visitTypeInsn(opcode, type);
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            insn++;
            super.visitFieldInsn(opcode, owner, name, descriptor);
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            insn++;
            super.visitJumpInsn(opcode, label);
        }

        @Override
        public void visitLdcInsn(Object value) {
            insn++;
            super.visitLdcInsn(value);
        }

        @Override
        public void visitIincInsn(int varIndex, int increment) {
            insn++;
            super.visitIincInsn(varIndex, increment);
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            insn++;
            super.visitTableSwitchInsn(min, max, dflt, labels);
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            insn++;
            super.visitLookupSwitchInsn(dflt, keys, labels);
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
            insn++;
            super.visitMultiANewArrayInsn(descriptor, numDimensions);
        }
    }
}
