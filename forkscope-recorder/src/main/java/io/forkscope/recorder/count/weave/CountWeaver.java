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
 * again without it); {@link #uncountedMethods} says how many. An application class's quiet methods
 * also get twins ({@link Twins}, written after the class's own methods by a second pass over it); a
 * twin that would be larger than 64 KB is left out (the class is woven again, and quiet calls of that
 * method then call the original, as they would without twins), and an original that its calls to twins
 * would make larger than 64 KB calls the originals instead (each twin call pushes a cell and a lane).
 */
public final class CountWeaver {
    private final String hooks;
    private final boolean jdk;
    /** Whether quiet methods get twins ({@link Twins}): application classes, never the JDK's (retransformed). */
    private final boolean twinsWoven;
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
        this(hooks, jdk, !jdk);
    }

    private CountWeaver(String hooks, boolean jdk, boolean twins) {
        this.hooks = hooks;
        this.jdk = jdk;
        this.twinsWoven = twins;
    }

    /** @return a weaver of application classes that gives no method a twin (tests: the counts must not change) */
    static CountWeaver withoutTwins(String hooks) {
        return new CountWeaver(hooks, false, false);
    }

    /** @return the class with counting woven in (never null; throws when the class cannot be read) */
    public byte[] weave(byte[] bytes) {
        ClassReader reader = OpenedClassReader.of(bytes);
        MethodShapes first = MethodShapes.read(reader);
        Map<String, MethodShapes.Shape> shapes = first.shapes();
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
        Set<String> withoutTwin = new HashSet<>();
        Set<String> callsNoTwin = new HashSet<>();
        Set<String> declared = first.declared();
        for (int attempt = 0; ; attempt++) {
            ClassWriter writer = new ClassWriter(0);
            Weave weave = new Weave(writer, reader, shapes, declared, skip, withoutTwin, callsNoTwin);
            try {
                reader.accept(weave, ClassReader.EXPAND_FRAMES);
                uncounted = skip.size() - intrinsics;
                return writer.toByteArray();
            } catch (MethodTooLargeException e) {
                // too large: a twin is left out; an original that calls twins calls the originals
                // instead (a twin call pushes the cell and a lane), and is left uncounted only when it
                // is too large even so
                String key = e.getMethodName() + e.getDescriptor();
                String original = weave.twins.originalOf(e.getMethodName(), e.getDescriptor());
                boolean added = original != null ? withoutTwin.add(original)
                        : !weave.twins.keys().isEmpty() && callsNoTwin.add(key) || skip.add(key);
                if (attempt > 3 * shapes.size() || !added) {
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
        private final ClassReader reader;
        private final Map<String, MethodShapes.Shape> shapes;
        private final Set<String> declared;
        private final Set<String> skip;
        private final Set<String> withoutTwin;
        /** Originals whose quiet calls call the callees' originals, not their twins: with twin calls they passed 64 KB. */
        private final Set<String> callsNoTwin;
        private boolean frames;
        private QuietMethods quiet;
        Twins twins = Twins.NONE;

        Weave(ClassVisitor next, ClassReader reader, Map<String, MethodShapes.Shape> shapes, Set<String> declared,
              Set<String> skip, Set<String> withoutTwin, Set<String> callsNoTwin) {
            super(OpenedClassReader.ASM_API, next);
            this.callsNoTwin = callsNoTwin;
            this.reader = reader;
            this.shapes = shapes;
            this.declared = declared;
            this.skip = skip;
            this.withoutTwin = withoutTwin;
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            frames = (version & 0xFFFF) >= Opcodes.V1_6;
            quiet = QuietMethods.of(name, access, shapes, skip);
            if (twinsWoven) {
                twins = Twins.of(name, access, shapes, declared, quiet, withoutTwin);
            }
            super.visit(version, access, name, signature, superName, interfaces);
        }

        @Override
        public void visitEnd() {
            if (!twins.keys().isEmpty()) {
                reader.accept(new TwinPass(), ClassReader.EXPAND_FRAMES);
            }
            super.visitEnd();
        }

        /** The second pass: the twin of each method that has one, written into this class. */
        private final class TwinPass extends ClassVisitor {
            TwinPass() {
                super(OpenedClassReader.ASM_API);
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                String key = name + descriptor;
                if (!twins.keys().contains(key)) {
                    return null;
                }
                MethodVisitor mv = Weave.this.cv.visitMethod(Twins.access(access), name, Twins.descriptor(descriptor),
                        null, exceptions);
                return CountingMethod.twin(new TwinSurface(mv), shapes.get(key).maxLocals(),
                        Twins.cellArgument(access, descriptor), frames, hooks, quiet, twins);
            }
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
                    jdk ? CountingMethod.ADD_JDK : CountingMethod.ADD, callsNoTwin.contains(key) ? Twins.NONE : twins);
        }
    }

    /**
     * What a twin keeps of its original besides the code: nothing that describes the original's
     * arguments or variables (annotations, parameter names, type annotations, unknown attributes), which
     * would not fit the twin's descriptor or its first locals.
     */
    private static final class TwinSurface extends MethodVisitor {
        TwinSurface(MethodVisitor mv) {
            super(OpenedClassReader.ASM_API, mv);
        }

        @Override
        public void visitParameter(String name, int access) {}

        @Override
        public net.bytebuddy.jar.asm.AnnotationVisitor visitAnnotationDefault() {
            return null;
        }

        @Override
        public net.bytebuddy.jar.asm.AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
            return null;
        }

        @Override
        public net.bytebuddy.jar.asm.AnnotationVisitor visitTypeAnnotation(int typeRef,
                net.bytebuddy.jar.asm.TypePath typePath, String descriptor, boolean visible) {
            return null;
        }

        @Override
        public void visitAnnotableParameterCount(int parameterCount, boolean visible) {}

        @Override
        public net.bytebuddy.jar.asm.AnnotationVisitor visitParameterAnnotation(int parameter, String descriptor,
                boolean visible) {
            return null;
        }

        @Override
        public void visitAttribute(net.bytebuddy.jar.asm.Attribute attribute) {}

        @Override
        public net.bytebuddy.jar.asm.AnnotationVisitor visitInsnAnnotation(int typeRef,
                net.bytebuddy.jar.asm.TypePath typePath, String descriptor, boolean visible) {
            return null;
        }

        @Override
        public net.bytebuddy.jar.asm.AnnotationVisitor visitTryCatchAnnotation(int typeRef,
                net.bytebuddy.jar.asm.TypePath typePath, String descriptor, boolean visible) {
            return null;
        }
    }
}
