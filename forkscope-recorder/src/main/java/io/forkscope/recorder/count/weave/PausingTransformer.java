package io.forkscope.recorder.count.weave;

import io.forkscope.recorder.count.BytecodeCounter;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;

/**
 * A forkscope transformer whose run is never counted ({@code count.jdk=true}): a transformer runs on
 * the thread that loads a class, often inside a strand, and calls the JDK's collections and strings
 * (ASM, ByteBuddy), which are woven then. {@link #of} returns the transformer itself when the JDK is
 * not counted, so nothing changes without the option.
 */
public final class PausingTransformer implements ClassFileTransformer {
    private final ClassFileTransformer inner;

    private PausingTransformer(ClassFileTransformer inner) {
        this.inner = inner;
    }

    /** @return {@code t}, paused around each call when the JDK is counted ({@link BytecodeCounter#countsJdk}) */
    public static ClassFileTransformer of(ClassFileTransformer t) {
        return BytecodeCounter.countsJdk() ? new PausingTransformer(t) : t;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] bytes) throws IllegalClassFormatException {
        BytecodeCounter.pause();
        try {
            return inner.transform(module, loader, className, redefined, domain, bytes);
        } finally {
            BytecodeCounter.resume();
        }
    }
}
