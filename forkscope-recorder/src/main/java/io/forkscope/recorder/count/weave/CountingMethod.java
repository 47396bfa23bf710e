package io.forkscope.recorder.count.weave;

import io.forkscope.recorder.count.BytecodeCounter;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Weaves one method so that it counts the bytecode instructions it executes (docs/counted-work.md).
 *
 * <p>The method's instructions are cut into <em>segments</em>: a segment ends at a jump or switch,
 * at a call ({@code invoke*}), a return or an {@code athrow}, and right before every place control
 * can arrive from elsewhere (a branch target or exception handler: exactly the instructions with a
 * stack map frame in a class file of Java 6 or later; every label in an older one). Each segment's
 * instruction count {@code k} is a constant known here:
 * <ul>
 *   <li>a segment ending in a jump, a switch or at a merge point adds {@code k} to the counter's
 *       local {@code L} (a long at slot {@code max_locals}, zeroed at the method's start), before
 *       its last instruction (the jump's operands stay on the stack below);
 *   <li>a segment ending in a call, a return or {@code athrow} hands {@code L + k} to the thread
 *       ({@code BytecodeCounter.add}) right before that instruction and zeroes {@code L};
 *   <li>but a segment ending in a call to a method that cannot reach a fork/join event
 *       ({@link QuietMethods}: a quiet method of the same class, {@code Math.max}, ...) only adds
 *       {@code k} to {@code L}: the callee hands over its own count at its return, and this frame's
 *       stays in the local until its next hand-over.
 * </ul>
 * <em>Twins.</em> A quiet method of an application class ({@link Twins}) also gets a twin: a private
 * synthetic method of the same name whose descriptor adds the calling thread's cell ({@code long[]},
 * {@code BytecodeCounter.cell()}) and a lane ({@code int}, an index into the cell) as last arguments,
 * with the same body woven the same way but for its hand-overs, which add to {@code cell[lane]} instead
 * of calling {@code BytecodeCounter.add}. Every quiet call to a method with a twin, in an original
 * method or a twin, calls the twin instead, passing the cell (a twin its own, an original
 * {@code BytecodeCounter.cell()}) and a lane that alternates between the method's quiet call sites
 * ({@code BytecodeCounter.COUNT}, {@code LANE_B}, ...): a recursion's two calls then add on two lanes,
 * whose read-modify-write chains overlap (BytecodeCounter's class comment). The twin copies its two
 * arguments to locals of its own ({@code C} and {@code N}, right above the method's locals, {@code L}
 * above them) before its first instruction, so the body may reuse the arguments' slots as the
 * original reuses its first locals; frames declare {@code C} a {@code long[]}, {@code N} an int and
 * {@code L} a long. The count is the same instruction for instruction: a twin counts what its original
 * would have, and the thread's count is the sum of its lanes.
 * So before every call that may reach a fork/join event, and every return and throw, the thread's
 * count holds every instruction this frame executed, the call's own included: a fork/join event (a
 * fork, a join, a task's end) always sees its thread's exact count, in whichever method it happens. An instruction counts once it is reached:
 * a segment cut short by an exception the JVM raises (a null pointer, an array index, a division by
 * zero) loses the instructions of its segment before it.
 *
 * <p>Instructions the call-site weaver inserted ({@code --sites}, woven before this) are not counted
 * but still hand the count over, as they are fork/join events: the hooks' {@code invokedynamic}s and
 * static calls, the constants pushed for a static hook, and the token's store and load around a site.
 *
 * <p>Frames are kept valid without recomputing them: the class is read with expanded frames and
 * every frame declares {@code L} a long (it is assigned before the first instruction, so it is one on
 * every path). Each insertion is stack-neutral and needs at most four more stack slots.
 */
final class CountingMethod extends MethodVisitor {
    static final String COUNTER = "io/forkscope/recorder/count/BytecodeCounter";
    /** The hand-over of the application's classes. */
    static final String ADD = "add";
    /** The hand-over of the JDK's classes (count.jdk): nothing while forkscope's own code runs. */
    static final String ADD_JDK = "addJdk";

    private final int slot;
    /** A twin's copy of its cell argument ({@code C}; its lane {@code N} is the next slot), or -1 in an original. */
    private final int cellSlot;
    /** The cell argument's slot in a twin (its original arguments' size; the lane's is the next), or -1. */
    private final int cellArgument;
    /** The class's quiet methods that have twins, which its quiet calls call instead. */
    private final Twins twins;
    /** Quiet calls to twins so far: the next one's lane alternates. */
    private int twinCalls;
    private final boolean frames;
    private final String hooks;
    private final QuietMethods quiet;
    /** The BytecodeCounter method hand-overs call ({@link #ADD} or {@link #ADD_JDK}). */
    private final String add;
    /** Instructions of the open segment not yet added anywhere. */
    private int k;
    /** Whether {@code L} is known to be zero here (after a hand-over, on straight-line code). */
    private boolean zero;
    /** Labels and line numbers seen since the last instruction: where a merge point's addition must go before. */
    private final List<Object[]> held = new ArrayList<>();
    /** The next ISTORE is a call site's token (after a site enter): not the program's. */
    private boolean siteToken;

    /**
     * @param slot   the counter's local: the method's max_locals
     * @param frames whether the class file has stack map frames (version 50 and later)
     * @param hooks  internal name of the call-site hooks' class, whose calls are not counted
     * @param quiet  the class's methods that cannot reach a fork/join event
     */
    CountingMethod(MethodVisitor mv, int slot, boolean frames, String hooks, QuietMethods quiet) {
        this(mv, slot, frames, hooks, quiet, ADD, Twins.NONE);
    }

    /**
     * An original method.
     *
     * @param add   the BytecodeCounter method hand-overs call ({@link #ADD} or {@link #ADD_JDK})
     * @param twins the class's methods with twins, which its quiet calls call instead
     */
    CountingMethod(MethodVisitor mv, int slot, boolean frames, String hooks, QuietMethods quiet, String add,
                   Twins twins) {
        this(mv, slot, -1, -1, frames, hooks, quiet, add, twins);
    }

    /**
     * A twin ({@link Twins}): the original's body, whose hand-overs add to the lane of the cell its last
     * two arguments give.
     *
     * @param maxLocals    the original's {@code max_locals}
     * @param cellArgument the cell argument's slot: the original's arguments' size
     */
    static CountingMethod twin(MethodVisitor mv, int maxLocals, int cellArgument, boolean frames, String hooks,
                               QuietMethods quiet, Twins twins) {
        int cell = Math.max(maxLocals, cellArgument + 2);
        return new CountingMethod(mv, cell + 2, cell, cellArgument, frames, hooks, quiet, ADD, twins);
    }

    private CountingMethod(MethodVisitor mv, int slot, int cellSlot, int cellArgument, boolean frames, String hooks,
                           QuietMethods quiet, String add, Twins twins) {
        super(OpenedClassReader.ASM_API, mv);
        this.add = add;
        this.slot = slot;
        this.cellSlot = cellSlot;
        this.cellArgument = cellArgument;
        this.twins = twins;
        this.frames = frames;
        this.hooks = hooks;
        this.quiet = quiet;
    }

    private boolean isTwin() {
        return cellSlot >= 0;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        if (isTwin()) {
            super.visitVarInsn(Opcodes.ALOAD, cellArgument);
            super.visitVarInsn(Opcodes.ASTORE, cellSlot);
            super.visitVarInsn(Opcodes.ILOAD, cellArgument + 1);
            super.visitVarInsn(Opcodes.ISTORE, cellSlot + 1);
        }
        super.visitInsn(Opcodes.LCONST_0);
        super.visitVarInsn(Opcodes.LSTORE, slot);
        zero = true;
    }

    // ------------------------------------------------------------------ merge points

    @Override
    public void visitLabel(Label label) {
        if (!frames) {        // no frames to tell merge points: every label may be one
            accumulate();
            zero = false;
            super.visitLabel(label);
            return;
        }
        held.add(new Object[] {label});
    }

    @Override
    public void visitLineNumber(int line, Label start) {
        if (!held.isEmpty()) {
            held.add(new Object[] {line, start});
        } else {
            super.visitLineNumber(line, start);
        }
    }

    @Override
    public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
        if (type != Opcodes.F_NEW) {
            throw new IllegalStateException("frames must be read expanded");
        }
        accumulate();        // a merge point: the segment before it ends before its label
        zero = false;
        release();
        int slots = 0;
        for (int i = 0; i < numLocal; i++) {
            slots += local[i] == Opcodes.LONG || local[i] == Opcodes.DOUBLE ? 2 : 1;
        }
        int below = isTwin() ? cellSlot : slot;      // the method's own locals end here
        if (slots > below) {
            throw new IllegalStateException("a frame declares more locals than max_locals");
        }
        int added = isTwin() ? 3 : 1;
        Object[] extended = new Object[numLocal + (below - slots) + added];
        System.arraycopy(local, 0, extended, 0, numLocal);
        for (int i = numLocal; i < extended.length - added; i++) {
            extended[i] = Opcodes.TOP;
        }
        if (isTwin()) {
            extended[extended.length - 3] = "[J";
            extended[extended.length - 2] = Opcodes.INTEGER;
        }
        extended[extended.length - 1] = Opcodes.LONG;
        super.visitFrame(type, extended.length, extended, numStack, stack);
    }

    /** Writes the labels and line numbers held back, in order (no merge point among them). */
    private void release() {
        for (Object[] h : held) {
            if (h.length == 1) {
                super.visitLabel((Label) h[0]);
            } else {
                super.visitLineNumber((Integer) h[0], (Label) h[1]);
            }
        }
        held.clear();
    }

    /** {@code L += k} for the segment so far (nothing when it is empty). */
    private void accumulate() {
        if (k == 0) {
            return;
        }
        if (zero) {
            super.visitLdcInsn((long) k);
        } else {
            super.visitVarInsn(Opcodes.LLOAD, slot);
            super.visitLdcInsn((long) k);
            super.visitInsn(Opcodes.LADD);
        }
        super.visitVarInsn(Opcodes.LSTORE, slot);
        k = 0;
        zero = false;
    }

    /** Hands {@code L + k} to the thread's count and zeroes {@code L} (nothing when both are zero). */
    private void handOver(boolean exits) {
        if (zero && k == 0) {
            return;
        }
        if (isTwin()) {           // cell[lane] += L + k, at most six more stack slots
            super.visitVarInsn(Opcodes.ALOAD, cellSlot);
            super.visitVarInsn(Opcodes.ILOAD, cellSlot + 1);
            super.visitInsn(Opcodes.DUP2);
            super.visitInsn(Opcodes.LALOAD);
            if (!zero) {
                super.visitVarInsn(Opcodes.LLOAD, slot);
                super.visitInsn(Opcodes.LADD);
            }
            if (k > 0) {
                super.visitLdcInsn((long) k);
                super.visitInsn(Opcodes.LADD);
            }
            super.visitInsn(Opcodes.LASTORE);
        } else {
            if (zero) {
                super.visitLdcInsn((long) k);
            } else {
                super.visitVarInsn(Opcodes.LLOAD, slot);
                if (k > 0) {
                    super.visitLdcInsn((long) k);
                    super.visitInsn(Opcodes.LADD);
                }
            }
            super.visitMethodInsn(Opcodes.INVOKESTATIC, COUNTER, add, "(J)V", false);
        }
        if (!zero && !exits) {
            super.visitInsn(Opcodes.LCONST_0);
            super.visitVarInsn(Opcodes.LSTORE, slot);
        }
        k = 0;
        zero = true;
    }

    // ------------------------------------------------------------------ instructions

    /** An instruction that neither ends a segment nor is the call-site weaver's. */
    private void plain() {
        release();
        k++;
    }

    @Override
    public void visitInsn(int opcode) {
        release();
        k++;
        if ((opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) || opcode == Opcodes.ATHROW) {
            handOver(true);
        }
        super.visitInsn(opcode);
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        plain();
        super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitVarInsn(int opcode, int varIndex) {
        release();
        if (siteToken && opcode == Opcodes.ISTORE) {
            siteToken = false;       // the site's token: not counted
        } else {
            k++;
        }
        super.visitVarInsn(opcode, varIndex);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        plain();
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        plain();
        super.visitFieldInsn(opcode, owner, name, descriptor);
    }

    @Override
    public void visitLdcInsn(Object value) {
        plain();
        super.visitLdcInsn(value);
    }

    @Override
    public void visitIincInsn(int varIndex, int increment) {
        plain();
        super.visitIincInsn(varIndex, increment);
    }

    @Override
    public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
        plain();
        super.visitMultiANewArrayInsn(descriptor, numDimensions);
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        release();
        k++;
        accumulate();
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        release();
        k++;
        accumulate();
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        release();
        k++;
        accumulate();
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        release();
        if (owner.equals(hooks) && opcode == Opcodes.INVOKESTATIC) {
            switch (name) {
                case "siteFork", "siteEnter" -> k -= 2;     // the site and method ids pushed for it
                case "siteExit" -> k -= 1;                  // the token's load
                default -> k++;
            }
            siteToken = name.equals("siteEnter");
        } else if (quiet.isQuietCall(opcode, owner, name, descriptor)) {
            k++;
            accumulate();            // no event can come during the call: the count stays in L
            if (twins.has(owner, name, descriptor)) {      // the callee's twin, given this thread's cell and a lane
                if (isTwin()) {
                    super.visitVarInsn(Opcodes.ALOAD, cellSlot);
                } else {
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, COUNTER, "cell", "()[J", false);
                }
                super.visitIntInsn(Opcodes.BIPUSH, twinCalls++ % 2 == 0 ? BytecodeCounter.COUNT : BytecodeCounter.LANE_B);
                super.visitMethodInsn(opcode == Opcodes.INVOKESTATIC ? Opcodes.INVOKESTATIC : Opcodes.INVOKESPECIAL,
                        owner, name, Twins.descriptor(descriptor), false);
                return;
            }
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        } else {
            k++;
        }
        handOver(false);
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, Handle bsm, Object... args) {
        release();
        if (bsm.getOwner().equals(hooks)) {
            if (name.equals("siteExit")) {
                k -= 1;                     // the token's load
            }
            siteToken = name.equals("siteEnter");
        } else {
            k++;
        }
        handOver(false);
        super.visitInvokeDynamicInsn(name, descriptor, bsm, args);
    }

    @Override
    public void visitLocalVariable(String name, String descriptor, String signature, Label start, Label end, int index) {
        release();       // after the code: the method's last labels must be placed before their ranges are
        if (!isTwin()) {         // a twin's first locals' slots hold its cell and lane at first: no variable table
            super.visitLocalVariable(name, descriptor, signature, start, end, index);
        }
    }

    @Override
    public net.bytebuddy.jar.asm.AnnotationVisitor visitLocalVariableAnnotation(int typeRef,
            net.bytebuddy.jar.asm.TypePath typePath, Label[] start, Label[] end, int[] index, String descriptor,
            boolean visible) {
        release();
        return isTwin() ? null : super.visitLocalVariableAnnotation(typeRef, typePath, start, end, index, descriptor,
                visible);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        release();
        super.visitMaxs(maxStack + (isTwin() ? 6 : 4), Math.max(maxLocals, slot + 2));
    }

    @Override
    public void visitEnd() {
        release();
        super.visitEnd();
    }
}
