package io.forkscope.recorder.sites.weave;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * The weaver's first pass over a class: finds the call sites of every method to weave, with their
 * instruction numbers and source lines, and where each lambda body is created. Nothing is changed
 * or registered here, so a class that fails later leaves no trace.
 *
 * <p>Woven: every method with code except bridges and synthetic methods other than lambda bodies
 * ({@code lambda$...}); constructors and static initializers are woven (their calls are sites).
 */
final class SitePlanner extends ClassVisitor {
    private final SiteClassifier classifier;
    private final ClassLoader loader;
    String className;
    String sourceFile;
    /** Methods to weave, in class-file order, by name + descriptor. */
    final Map<String, MethodPlan> plans = new LinkedHashMap<>();
    /** Lambda bodies of this class by name, to where an invokedynamic creates them. */
    final Map<String, MethodPlan.Origin> origins = new HashMap<>();

    SitePlanner(SiteClassifier classifier, ClassLoader loader) {
        super(OpenedClassReader.ASM_API);
        this.classifier = classifier;
        this.loader = loader;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        className = name;
    }

    @Override
    public void visitSource(String source, String debug) {
        sourceFile = source;
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
            return null;
        }
        boolean lambda = (access & Opcodes.ACC_SYNTHETIC) != 0 && name.startsWith("lambda$");
        boolean woven = lambda || (access & (Opcodes.ACC_BRIDGE | Opcodes.ACC_SYNTHETIC)) == 0;
        MethodPlan plan = new MethodPlan(name, descriptor, lambda);
        if (woven) {
            plans.put(name + descriptor, plan);
        }
        return new Scan(plan, woven);
    }

    /** Numbers the instructions, follows the line table and records sites and lambda creations. */
    private final class Scan extends MethodVisitor {
        private final MethodPlan plan;
        private final boolean woven;
        private int insn;
        private int line = -1;

        Scan(MethodPlan plan, boolean woven) {
            super(OpenedClassReader.ASM_API);
            this.plan = plan;
            this.woven = woven;
        }

        @Override
        public void visitLineNumber(int line, Label start) {
            this.line = line;
            if (plan.firstLine < 0) {
                plan.firstLine = line;
            }
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            if (woven) {
                SiteClassifier.Target t = classifier.classify(loader, owner, name, descriptor);
                if (t != null) {
                    plan.sites.add(new MethodPlan.Site(insn, line, t.kind(), t.callee()));
                }
            }
            insn++;
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bsm, Object... args) {
            for (Object a : args) {
                if (a instanceof Handle h && h.getOwner().equals(className) && h.getName().startsWith("lambda$")) {
                    origins.putIfAbsent(h.getName(), new MethodPlan.Origin(plan.name, plan.descriptor, insn, line));
                }
            }
            insn++;
        }

        @Override
        public void visitInsn(int opcode) {
            if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
                plan.returns++;
            }
            insn++;
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            insn++;
        }

        @Override
        public void visitVarInsn(int opcode, int varIndex) {
            insn++;
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            insn++;
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            insn++;
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            insn++;
        }

        @Override
        public void visitLdcInsn(Object value) {
            insn++;
        }

        @Override
        public void visitIincInsn(int varIndex, int increment) {
            insn++;
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            insn++;
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            insn++;
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
            insn++;
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            plan.maxLocals = maxLocals;
        }

        @Override
        public void visitEnd() {
            plan.instructions = insn;
        }
    }
}
