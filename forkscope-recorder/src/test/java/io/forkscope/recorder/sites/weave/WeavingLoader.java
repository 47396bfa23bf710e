package io.forkscope.recorder.sites.weave;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Defines the test classes under a name prefix itself, child-first, after passing their class files
 * through a weaving function (as a ClassFileTransformer would); everything else comes from the
 * parent. Classes it defines are verified by the JVM like any application class.
 */
public final class WeavingLoader extends ClassLoader {
    /** Returns the woven class file, or null to keep it. */
    public interface Weave {
        byte[] apply(ClassLoader loader, String internalName, byte[] bytes);
    }

    private final String prefix;
    private final Weave weave;

    public WeavingLoader(String prefix, Weave weave) {
        super(WeavingLoader.class.getClassLoader());
        this.prefix = prefix;
        this.weave = weave;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(prefix)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                byte[] bytes = classFile(name);
                byte[] woven = weave.apply(this, name.replace('.', '/'), bytes);
                byte[] b = woven == null ? bytes : woven;
                c = defineClass(name, b, 0, b.length);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    /** The class file of {@code name} as compiled. */
    public static byte[] classFile(String name) {
        try (InputStream in = WeavingLoader.class.getClassLoader().getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new IllegalArgumentException("no class file for " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
