package io.forkscope.recorder.count.weave;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * The JVM's own up-calls into Java that {@code count.jdk=true} must not count, wrapped in
 * {@code BytecodeCounter.pause()} ... {@code resume()} (the resume before every return and in a
 * catch-all handler that rethrows): what they run depends on which thread first needs a class or a
 * call site, not on the program's instructions, so it would land in a different strand from run to run.
 * <ul>
 *   <li>{@code ClassLoader.loadClass(String)}: the JVM resolves every class a class refers to through
 *       it (and {@code Class.forName}); the loaders' Java code (names, locks in a map, reading the class
 *       file) calls woven strings and collections;
 *   <li>{@code MethodHandleNatives}' linking up-calls ({@code linkCallSite}, {@code linkDynamicConstant},
 *       {@code linkMethod}, {@code linkMethodHandleConstant}, {@code findMethodHandleType}): the first
 *       run of an {@code invokedynamic} (a lambda, a string concatenation) or of a method handle
 *       constant, which then counts as its one instruction, as it does without the JDK counted;
 *   <li>the lazy parts of method and var handles: {@code VarForm.resolveMemberName} (a var handle's
 *       access mode resolved at its first use), {@code LambdaForm.prepare} and
 *       {@code compileToBytecode} (a lambda form spun into a class after some invocations);
 *   <li>the static initialiser of every class the bootstrap loader defines from now on (the JDK's, the
 *       fork/join runtime's included): it runs once, on whichever thread first touches the class, so
 *       what it calls would land in a different task from run to run (the counting weaver already
 *       leaves static initialisers' own instructions uncounted, the application's too).
 * </ul>
 * A method's code is only added to (retransformation allows that), never a method or a field.
 */
final class PausedMethods {
    private static final String COUNTER = CountingMethod.COUNTER;
    /** Class internal name to the names of its methods wrapped (every descriptor of them). */
    static final Map<String, Set<String>> METHODS = Map.of(
            "java/lang/ClassLoader", Set.of("loadClass(Ljava/lang/String;)Ljava/lang/Class;"),
            "java/lang/invoke/MethodHandleNatives", Set.of("linkCallSite", "linkDynamicConstant", "linkMethod",
                    "linkMethodHandleConstant", "findMethodHandleType"),
            "java/lang/invoke/VarForm", Set.of("resolveMemberName"),
            "java/lang/invoke/LambdaForm", Set.of("prepare", "compileToBytecode"));

    private PausedMethods() {}

    /** @return whether the class has methods to wrap */
    static boolean wraps(String internalName) {
        return METHODS.containsKey(internalName);
    }

    /** @return the class with its listed methods wrapped (throws when it cannot be read) */
    static byte[] weave(byte[] bytes) {
        return weave(bytes, METHODS.get(OpenedClassReader.of(bytes).getClassName()));
    }

    /**
     * @param names the methods to wrap: a name (every descriptor) or name + descriptor
     * @return the class with those methods wrapped (tests give their own classes and names), or null
     *     when it has none of them
     */
    static byte[] weave(byte[] bytes, Set<String> names) {
        ClassReader reader = OpenedClassReader.of(bytes);
        ClassWriter writer = new ClassWriter(0);
        boolean[] wrapped = new boolean[1];
        reader.accept(new ClassVisitor(OpenedClassReader.ASM_API, writer) {
            private String owner;

            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                              String[] interfaces) {
                owner = name;
                super.visit(version, access, name, signature, superName, interfaces);
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                boolean listed = names != null && (names.contains(name) || names.contains(name + descriptor));
                if (mv == null || !listed || (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
                    return mv;
                }
                wrapped[0] = true;
                return new Wrapped(mv, owner, access, descriptor);
            }
        }, ClassReader.EXPAND_FRAMES);
        return wrapped[0] ? writer.toByteArray() : null;
    }

    /** One method's code between a pause at its start and a resume at each of its exits. */
    private static final class Wrapped extends MethodVisitor {
        private final Object[] parameters;
        private final Label start = new Label();
        private final Label handler = new Label();

        Wrapped(MethodVisitor mv, String owner, int access, String descriptor) {
            super(OpenedClassReader.ASM_API, mv);
            List<Object> locals = new ArrayList<>();
            if ((access & Opcodes.ACC_STATIC) == 0) {
                locals.add(owner);
            }
            for (Type t : Type.getArgumentTypes(descriptor)) {
                switch (t.getSort()) {
                    case Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT, Type.INT -> locals.add(Opcodes.INTEGER);
                    case Type.LONG -> locals.add(Opcodes.LONG);
                    case Type.DOUBLE -> locals.add(Opcodes.DOUBLE);
                    case Type.FLOAT -> locals.add(Opcodes.FLOAT);
                    default -> locals.add(t.getInternalName());
                }
            }
            parameters = locals.toArray();
        }

        @Override
        public void visitCode() {
            super.visitCode();
            super.visitMethodInsn(Opcodes.INVOKESTATIC, COUNTER, "pause", "()V", false);
            super.visitLabel(start);
        }

        @Override
        public void visitInsn(int opcode) {
            if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
                super.visitMethodInsn(Opcodes.INVOKESTATIC, COUNTER, "resume", "()V", false);
            }
            super.visitInsn(opcode);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            // the catch-all handler, after the method's own code and handlers (so theirs come first);
            // its frame declares only the parameters, which the wrapped methods never reassign
            super.visitTryCatchBlock(start, handler, handler, null);
            super.visitLabel(handler);
            super.visitFrame(Opcodes.F_NEW, parameters.length, parameters, 1, new Object[] {"java/lang/Throwable"});
            super.visitMethodInsn(Opcodes.INVOKESTATIC, COUNTER, "resume", "()V", false);
            super.visitInsn(Opcodes.ATHROW);
            super.visitMaxs(Math.max(maxStack, 1), maxLocals);
        }
    }
}
