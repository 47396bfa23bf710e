package io.forkscope.recorder.agent;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.security.ProtectionDomain;
import java.util.HashSet;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Defines one class in the bootstrap loader: {@code jdk.internal.misc.Unsafe.defineClass(name,
 * bytes, 0, length, null, null)}, the way the JDK defines boot classes from bytes; and, with its
 * first class, the class's {@code Package} there, as the bootstrap loader does for a class from its
 * path (the boot jar has no manifest, so the package has a name and nothing else), so that
 * {@code getPackage()} answers as before.
 *
 * <p>Never loaded by the system loader: {@link BootClasses} defines it in a loader of its own (parent:
 * the bootstrap loader) and opens the java.base packages it uses ({@link BootClasses#OPENED}) to that
 * loader's unnamed module only, not to the program's class path (the system loader's unnamed
 * module), so the program sees java.base exactly as without the agent. It is reached through
 * {@link BiFunction}, a type both loaders share; it refers to java.base only. Every internal member
 * is looked up in the constructor: on a JDK without one, it fails there, before any class is defined.
 */
public final class UnsafeBootDefiner implements BiFunction<String, byte[], Class<?>> {
    private final MethodHandle defineClass;
    private final Object javaLangAccess;
    private final Method definePackage;
    private final ClassLoader bootLoader;
    private final Set<String> packages = new HashSet<>();

    public UnsafeBootDefiner() throws ReflectiveOperationException {
        Class<?> unsafeType = Class.forName("jdk.internal.misc.Unsafe");
        defineClass = MethodHandles.lookup().findVirtual(unsafeType, "defineClass", MethodType.methodType(Class.class,
                        String.class, byte[].class, int.class, int.class, ClassLoader.class, ProtectionDomain.class))
                .bindTo(unsafeType.getMethod("getUnsafe").invoke(null));
        javaLangAccess = Class.forName("jdk.internal.access.SharedSecrets").getMethod("getJavaLangAccess").invoke(null);
        definePackage = Class.forName("jdk.internal.access.JavaLangAccess")
                .getMethod("definePackage", ClassLoader.class, String.class, Module.class);
        Method boot = Class.forName("jdk.internal.loader.ClassLoaders").getDeclaredMethod("bootLoader");
        boot.setAccessible(true);
        bootLoader = (ClassLoader) boot.invoke(null);
    }

    /** @param name binary name (dots), as the class file declares it */
    @Override
    public Class<?> apply(String name, byte[] classFile) {
        try {
            Class<?> c = (Class<?>) defineClass.invokeExact(name, classFile, 0, classFile.length, (ClassLoader) null,
                    (ProtectionDomain) null);
            if (packages.add(c.getPackageName())) {
                definePackage.invoke(javaLangAccess, bootLoader, c.getPackageName(), c.getModule());
            }
            return c;
        } catch (Throwable e) {
            Throwable cause = e instanceof ReflectiveOperationException && e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("could not define " + name + " in the bootstrap loader: " + cause, cause);
        }
    }
}
