package io.forkscope.recorder.count.weave;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * The counting weaver's first pass over a class: each method's {@code max_locals} (the counter's
 * local goes right above them, so it must be known before the method's first instruction is
 * written), whether it uses {@code jsr}/{@code ret} (subroutines of class files before Java 6,
 * whose locals a new local cannot be typed across: such a method is left uncounted), and what it
 * calls, for {@link QuietMethods}; and every method the class declares, code or none, so that no
 * twin ({@link Twins}) takes a name and descriptor already there.
 */
final class MethodShapes extends ClassVisitor {
    /**
     * One method's shape.
     *
     * @param access  its access flags
     * @param calls   the calls it makes ({@code invoke*} but {@code invokedynamic}), in order
     * @param dynamic whether it has an {@code invokedynamic} (a lambda's creation, a string
     *                concatenation, a call-site hook)
     */
    record Shape(int maxLocals, boolean subroutines, int access, List<Call> calls, boolean dynamic) {
        Shape(int maxLocals, boolean subroutines) {
            this(maxLocals, subroutines, 0, List.of(), false);
        }
    }

    /** One {@code invoke*} instruction's operands. */
    record Call(int opcode, String owner, String name, String descriptor) {}

    private final Map<String, Shape> shapes = new HashMap<>();
    private final java.util.Set<String> declared = new java.util.HashSet<>();

    private MethodShapes() {
        super(OpenedClassReader.ASM_API);
    }

    /** @return the first pass over {@code reader}'s class */
    static MethodShapes read(ClassReader reader) {
        MethodShapes v = new MethodShapes();
        reader.accept(v, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return v;
    }

    /** @return the shapes of the methods with code in {@code reader}'s class, keyed by name + descriptor */
    static Map<String, Shape> of(ClassReader reader) {
        return read(reader).shapes;
    }

    /** @return the shapes of the methods with code, keyed by name + descriptor */
    Map<String, Shape> shapes() {
        return shapes;
    }

    /** @return the keys (name + descriptor) of every method the class declares, abstract and native too */
    java.util.Set<String> declared() {
        return declared;
    }

    /** The annotation the JIT's intrinsics carry (JDK 16 and later: jdk.internal.vm.annotation). */
    static final String INTRINSIC = "Ljdk/internal/vm/annotation/IntrinsicCandidate;";

    /**
     * @return the keys (name + descriptor) of the methods of {@code reader}'s class annotated
     *     {@code @IntrinsicCandidate}: the JIT may replace their bodies by its own code, so a woven body
     *     would count only until compiled
     */
    static java.util.Set<String> intrinsics(ClassReader reader) {
        java.util.Set<String> found = new java.util.HashSet<>();
        reader.accept(new ClassVisitor(OpenedClassReader.ASM_API) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                return new MethodVisitor(OpenedClassReader.ASM_API) {
                    @Override
                    public net.bytebuddy.jar.asm.AnnotationVisitor visitAnnotation(String type, boolean visible) {
                        if (type.equals(INTRINSIC)) {
                            found.add(name + descriptor);
                        }
                        return null;
                    }
                };
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return found;
    }
    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        String key = name + descriptor;
        declared.add(key);
        return new MethodVisitor(OpenedClassReader.ASM_API) {
            private boolean subroutines;
            private boolean dynamic;
            private final List<Call> calls = new ArrayList<>();

            @Override
            public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean isInterface) {
                calls.add(new Call(opcode, owner, name, desc));
            }

            @Override
            public void visitInvokeDynamicInsn(String name, String desc, net.bytebuddy.jar.asm.Handle bsm, Object... args) {
                dynamic = true;
            }

            @Override
            public void visitJumpInsn(int opcode, net.bytebuddy.jar.asm.Label label) {
                subroutines |= opcode == Opcodes.JSR;
            }

            @Override
            public void visitVarInsn(int opcode, int varIndex) {
                subroutines |= opcode == Opcodes.RET;
            }

            @Override
            public void visitMaxs(int maxStack, int maxLocals) {
                shapes.put(key, new Shape(maxLocals, subroutines, access, List.copyOf(calls), dynamic));
            }
        };
    }
}
