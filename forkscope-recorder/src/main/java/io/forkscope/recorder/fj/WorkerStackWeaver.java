package io.forkscope.recorder.fj;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Gives the program's ForkJoinPool workers the stack size {@link WorkerStack} holds: in every
 * constructor of {@code ForkJoinWorkerThread}, the {@code long stackSize} argument of its call to a
 * {@code Thread} constructor is passed through {@link WorkerStack#stackSize} first. JDK 17 calls
 * {@code Thread(ThreadGroup, Runnable, String, long)}, where the size is on top of the operand stack;
 * JDK 25 calls {@code Thread(ThreadGroup, Runnable, String, long, boolean)}, where one int-sized
 * argument lies above it and is moved aside and back with stack operations, so no local is added and
 * the stack map frames stay valid. A call of any other shape is left alone, as is the whole class if
 * no call matched ({@link #woven} stays false).
 *
 * <p>A plain transformer installed in premain, before anything loads the class (it is loaded with the
 * first pool's first worker); it works with or without the recorder's other weaving.
 */
public final class WorkerStackWeaver {
    static final String WORKER = "java/util/concurrent/ForkJoinWorkerThread";
    private static final String HOOK = Type.getInternalName(WorkerStack.class);

    private volatile boolean woven;
    private volatile Throwable failure;

    /** Imposes {@code bytes} (see {@link WorkerStack#impose}) and weaves ForkJoinWorkerThread when it loads. */
    public void install(Instrumentation inst, long bytes) {
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.getName().equals(WORKER.replace('/', '.'))) {
                throw new IllegalStateException("ForkJoinWorkerThread was loaded before the agent started");
            }
        }
        Module base = Object.class.getModule();
        Module hooks = WorkerStack.class.getModule();
        if (!base.canRead(hooks)) {
            inst.redefineModule(base, Set.of(hooks), Map.of(), Map.of(), Set.of(), Map.of());
        }
        WorkerStack.impose(bytes);
        inst.addTransformer(io.forkscope.recorder.count.weave.PausingTransformer.of(new Transformer()));
    }

    /** @return whether a Thread constructor call was rerouted (once the program has created a worker) */
    public boolean woven() {
        return woven;
    }

    /** @return why weaving failed, or null */
    public Throwable failure() {
        return failure;
    }

    /**
     * @return {@code bytes} (a ForkJoinWorkerThread class file) with every matching stack size argument
     *     rerouted, or null if none matched
     */
    static byte[] weave(byte[] bytes) {
        ClassReader reader = OpenedClassReader.of(bytes);
        ClassWriter writer = new ClassWriter(reader, 0);
        boolean[] matched = {false};
        reader.accept(new ClassVisitor(OpenedClassReader.ASM_API, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                return "<init>".equals(name) ? new SuperCall(mv, matched) : mv;
            }
        }, 0);
        return matched[0] ? writer.toByteArray() : null;
    }

    /** Reroutes the stack size argument of a constructor's call to {@code Thread.<init>}. */
    private static final class SuperCall extends MethodVisitor {
        private final boolean[] matched;

        SuperCall(MethodVisitor mv, boolean[] matched) {
            super(OpenedClassReader.ASM_API, mv);
            this.matched = matched;
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            if (opcode == Opcodes.INVOKESPECIAL && "java/lang/Thread".equals(owner) && "<init>".equals(name)) {
                Type[] args = Type.getArgumentTypes(descriptor);
                int n = args.length;
                if (n >= 1 && args[n - 1] == Type.LONG_TYPE) {
                    // ..., size -> ..., size'
                    reroute();
                    matched[0] = true;
                } else if (n >= 2 && args[n - 2] == Type.LONG_TYPE && args[n - 1].getSize() == 1) {
                    // ..., size, flag -> ..., flag, size -> ..., flag, size' -> ..., size', flag
                    super.visitInsn(Opcodes.DUP_X2);
                    super.visitInsn(Opcodes.POP);
                    reroute();
                    super.visitInsn(Opcodes.DUP2_X1);
                    super.visitInsn(Opcodes.POP2);
                    matched[0] = true;
                }
            }
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }

        private void reroute() {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOK, "stackSize", "(J)J", false);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            super.visitMaxs(maxStack + 2, maxLocals); // DUP_X2 / DUP2_X1 hold one more value at a time
        }
    }

    private final class Transformer implements ClassFileTransformer {
        @Override
        public byte[] transform(ClassLoader loader, String internalName, Class<?> redefined, ProtectionDomain domain,
                                byte[] bytes) {
            if (loader != null || !WORKER.equals(internalName)) {
                return null;
            }
            try {
                byte[] out = weave(bytes);
                woven = out != null;
                return out;
            } catch (Throwable t) {
                failure = t;
                return null;
            }
        }
    }
}
