package io.forkscope.recorder.count.weave;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodTooLargeException;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Weaves instruction counting into every method of a class ({@link CountingMethod}), but its static
 * initialiser: class initialisation runs once, on whichever thread first touches the class, so in a
 * parallel run its count would land in a different task from run to run (the methods it calls still
 * count). Abstract and native methods have no code: a native method counts as the one instruction
 * that calls it, in its caller. A method using {@code jsr}/{@code ret} (class files before Java 6)
 * is left uncounted, and so is one that the counting would make larger than 64 KB (the class is woven
 * again without it); {@link #uncountedMethods} says how many.
 */
public final class CountWeaver {
    private final String hooks;
    private final boolean jdk;
    private int uncounted;
    private int intrinsics;

    /** @param hooks internal name of the call-site hooks' class (see {@link CountingMethod}) */
    public CountWeaver(String hooks) {
        this(hooks, false);
    }

    /**
     * @param hooks internal name of the call-site hooks' class (see {@link CountingMethod})
     * @param jdk   a class of the JDK's ({@code count.jdk=true}): its hand-overs go to
     *              {@code BytecodeCounter.addJdk} (nothing while forkscope's own code runs), and its
     *              {@code @IntrinsicCandidate} methods are left uncounted (the JIT replaces their
     *              bodies, so a woven body would count only until compiled); they count as their call
     */
    public CountWeaver(String hooks, boolean jdk) {
        this.hooks = hooks;
        this.jdk = jdk;
    }

    /** @return the class with counting woven in (never null; throws when the class cannot be read) */
    public byte[] weave(byte[] bytes) {
        ClassReader reader = OpenedClassReader.of(bytes);
        Map<String, MethodShapes.Shape> shapes = MethodShapes.of(reader);
        Set<String> skip = new HashSet<>();
        for (Map.Entry<String, MethodShapes.Shape> e : shapes.entrySet()) {
            if (e.getValue().subroutines()) {
                skip.add(e.getKey());
            }
        }
        Set<String> intrinsic = jdk ? MethodShapes.intrinsics(reader) : new HashSet<>();
        intrinsic.retainAll(shapes.keySet());      // those with code (natives have none)
        intrinsics = intrinsic.size();
        skip.addAll(intrinsic);
        for (int attempt = 0; ; attempt++) {
            ClassWriter writer = new ClassWriter(0);
            try {
                reader.accept(new Weave(writer, shapes, skip), ClassReader.EXPAND_FRAMES);
                uncounted = skip.size() - intrinsics;
                return writer.toByteArray();
            } catch (MethodTooLargeException e) {
                if (attempt > shapes.size() || !skip.add(e.getMethodName() + e.getDescriptor())) {
                    throw e;
                }
            }
        }
    }

    /** @return methods with code that the last {@link #weave} left uncounted (jsr/ret, too large) */
    public int uncountedMethods() {
        return uncounted;
    }

    /** @return {@code @IntrinsicCandidate} methods with code that the last {@link #weave} left uncounted (JDK only) */
    public int intrinsicMethods() {
        return intrinsics;
    }

    private final class Weave extends ClassVisitor {
        private final Map<String, MethodShapes.Shape> shapes;
        private final Set<String> skip;
        private boolean frames;
        private QuietMethods quiet;

        Weave(ClassVisitor next, Map<String, MethodShapes.Shape> shapes, Set<String> skip) {
            super(OpenedClassReader.ASM_API, next);
            this.shapes = shapes;
            this.skip = skip;
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            frames = (version & 0xFFFF) >= Opcodes.V1_6;
            quiet = QuietMethods.of(name, access, shapes, skip);
            super.visit(version, access, name, signature, superName, interfaces);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
            MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
            String key = name + descriptor;
            MethodShapes.Shape shape = shapes.get(key);
            if (mv == null || shape == null || name.equals("<clinit>") || skip.contains(key)) {
                return mv;
            }
            return new CountingMethod(mv, shape.maxLocals(), frames, hooks, quiet,
                    jdk ? CountingMethod.ADD_JDK : CountingMethod.ADD);
        }
    }
}
