package io.forkscope.recorder.sites.weave;

import java.io.InputStream;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * What a call's owner class declares, read from class files through the loader that defines the
 * calling class, without loading anything (the owner may not be loaded yet, and loading it from
 * inside a transformation could be circular). An owner is summed up as the methods declared by it
 * and its application supertypes (classes and interfaces), and the first JDK superclass of the chain.
 * So {@code task.fork()} on an application subclass of RecursiveTask is told from
 * {@code helper.fork()} on an application class that declares its own {@code fork()}.
 *
 * <p>Cached by class name across loaders (two loaders defining different classes of one name would
 * share an entry; the cost is a wrong classification in that rare case, never a broken class).
 */
final class TypeHierarchy {
    /** An owner's methods ({@code name + descriptor}) and its first JDK superclass (internal name). */
    record Owner(Set<String> methods, String jdkSuper) {
        boolean declares(String name, String descriptor) {
            return methods.contains(name + descriptor);
        }
    }

    private static final int MAX_DEPTH = 64;
    private static final int MAX_CACHED = 50_000;

    private final SiteScope scope;
    private final Map<String, Owner> cache = new ConcurrentHashMap<>();

    TypeHierarchy(SiteScope scope) {
        this.scope = scope;
    }

    /** Records the class being woven from its own bytes (it is not yet readable as a resource everywhere). */
    void define(ClassLoader loader, String internalName, ClassReader reader) {
        Owner o = summarize(loader, reader, 0);
        if (o != null) {
            remember(internalName, o);
        }
    }

    /** @return the application owner {@code internalName} summed up, or null when its class file is not found */
    Owner owner(ClassLoader loader, String internalName) {
        return owner(loader, internalName, 0);
    }

    private Owner owner(ClassLoader loader, String internalName, int depth) {
        Owner o = cache.get(internalName);
        if (o != null || depth > MAX_DEPTH || loader == null) {
            return o;
        }
        byte[] bytes;
        try (InputStream in = loader.getResourceAsStream(internalName + ".class")) {
            if (in == null) {
                return null;
            }
            bytes = in.readAllBytes();
        } catch (Exception e) {
            return null;
        }
        o = summarize(loader, OpenedClassReader.of(bytes), depth);
        if (o != null) {
            remember(internalName, o);
        }
        return o;
    }

    private void remember(String internalName, Owner o) {
        if (cache.size() < MAX_CACHED) {
            cache.put(internalName, o);
        }
    }

    private Owner summarize(ClassLoader loader, ClassReader reader, int depth) {
        Set<String> methods = new HashSet<>();
        reader.accept(new ClassVisitor(OpenedClassReader.ASM_API) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                methods.add(name + descriptor);
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        String jdkSuper = null;
        String superName = reader.getSuperName();
        if (superName != null) {
            if (scope.isApplicationInternal(superName)) {
                Owner s = owner(loader, superName, depth + 1);
                if (s != null) {
                    methods.addAll(s.methods());
                    jdkSuper = s.jdkSuper();
                }
            } else {
                jdkSuper = superName;
            }
        }
        for (String i : reader.getInterfaces()) {
            if (scope.isApplicationInternal(i)) {
                Owner s = owner(loader, i, depth + 1);
                if (s != null) {
                    methods.addAll(s.methods());
                }
            }
        }
        boolean isInterface = (reader.getAccess() & Opcodes.ACC_INTERFACE) != 0;
        return new Owner(Set.copyOf(methods), isInterface ? null : jdkSuper);
    }
}
