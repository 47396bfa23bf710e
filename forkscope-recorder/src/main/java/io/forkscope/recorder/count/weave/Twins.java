package io.forkscope.recorder.count.weave;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * The quiet methods of one class that get a <em>twin</em> ({@link CountingMethod}): a private synthetic
 * method of the same name taking the calling thread's cell ({@code long[]}) and a lane ({@code int}) as
 * its last arguments, which quiet calls in the class call instead of the original, so that a quiet
 * recursion adds to its cell with no lookup, on two lanes that alternate by call site
 * ({@code BytecodeCounter}'s class comment says why).
 *
 * <p>Which methods: the quiet ones ({@link QuietMethods}) with code that a quiet call of the class
 * reaches (a twin nothing calls would only double the class's code), but not constructors (a second
 * constructor would show to frameworks that pick one) nor static initialisers, in a class that is not
 * an interface (whose private methods older class files cannot call), and not where the class already
 * declares a method with the twin's name and descriptor. The same name keeps stack traces as they
 * were; private keeps the class's serialVersionUID (computed over its non-private members); synthetic
 * tells reflection's users it is not the program's. A class a debugger redefines later is not woven
 * again (as before), so such a redefinition, which would delete the twins, is refused by the JVM: hot
 * swapping under {@code --unit bytecodes} is not supported.
 */
final class Twins {
    /** No twins: the JDK's classes (retransformed, so no method can be added) and tests. */
    static final Twins NONE = new Twins("", Set.of());
    /** What a twin's descriptor adds to its original's arguments: the cell and the lane. */
    private static final String ADDED = "[JI";

    private final String className;
    private final Set<String> keys;

    private Twins(String className, Set<String> keys) {
        this.className = className;
        this.keys = keys;
    }

    /**
     * @param className the class's internal name
     * @param access    the class's access flags
     * @param shapes    its methods with code, keyed by name + descriptor
     * @param declared  every method it declares (abstract and native too), by name + descriptor
     * @param quiet     its quiet methods
     * @param without   keys of quiet methods that must not get a twin (too large once doubled)
     */
    static Twins of(String className, int access, Map<String, MethodShapes.Shape> shapes, Set<String> declared,
                    QuietMethods quiet, Set<String> without) {
        if ((access & (Opcodes.ACC_INTERFACE | Opcodes.ACC_MODULE)) != 0) {
            return NONE;
        }
        Set<String> called = new HashSet<>();       // what the class's quiet calls reach: a twin of anything else
        for (MethodShapes.Shape shape : shapes.values()) {     // would never run
            for (MethodShapes.Call c : shape.calls()) {
                if (c.owner().equals(className) && quiet.isQuietCall(c.opcode(), c.owner(), c.name(), c.descriptor())) {
                    called.add(c.name() + c.descriptor());
                }
            }
        }
        Set<String> keys = new HashSet<>();
        for (String key : called) {
            int paren = key.indexOf('(');
            String name = key.substring(0, paren);
            if (!name.startsWith("<") && shapes.containsKey(key) && !without.contains(key)
                    && !declared.contains(name + descriptor(key.substring(paren)))) {
                keys.add(key);
            }
        }
        return new Twins(className, keys);
    }

    /** @return whether the method {@code owner.name descriptor} has a twin */
    boolean has(String owner, String name, String descriptor) {
        return owner.equals(className) && keys.contains(name + descriptor);
    }

    /** @return the keys (name + descriptor) of the methods with twins */
    Set<String> keys() {
        return keys;
    }

    /**
     * @return the key of the method whose twin is {@code name + descriptor}, or null when that is no
     *     twin of this class's
     */
    String originalOf(String name, String descriptor) {
        for (String key : keys) {
            int paren = key.indexOf('(');
            if (key.substring(0, paren).equals(name) && descriptor(key.substring(paren)).equals(descriptor)) {
                return key;
            }
        }
        return null;
    }

    /** @return a twin's descriptor: the original's with the cell and the lane as last arguments */
    static String descriptor(String descriptor) {
        int close = descriptor.indexOf(')');
        return descriptor.substring(0, close) + ADDED + descriptor.substring(close);
    }

    /** @return a twin's access flags: private and synthetic, static, synchronized and strictfp as the original */
    static int access(int original) {
        return (original & (Opcodes.ACC_STATIC | Opcodes.ACC_SYNCHRONIZED | Opcodes.ACC_STRICT))
                | Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC;
    }

    /** @return the slot of a twin's cell argument: the size of the original's arguments, {@code this} included */
    static int cellArgument(int access, String descriptor) {
        int size = Type.getArgumentsAndReturnSizes(descriptor) >> 2;     // counts an implicit this
        return (access & Opcodes.ACC_STATIC) != 0 ? size - 1 : size;
    }
}
