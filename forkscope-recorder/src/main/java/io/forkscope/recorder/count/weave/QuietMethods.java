package io.forkscope.recorder.count.weave;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * The methods of one class that cannot reach a fork/join event, so that a woven caller need not hand
 * its count to the thread before calling them ({@link CountingMethod}): the count it holds in its
 * local is then still the strand's when the next event comes, since no event can come during the
 * call. This is what makes call-heavy serial code cheap to count (a recursive leaf such as fib's
 * serial part made three hand-overs a call, now one: the callee's own, at its return).
 *
 * <p>A method is <em>quiet</em> when it is woven, has no {@code invokedynamic}, and every call it makes
 * goes, by exact dispatch, to a quiet method of the same class or to a JDK method that calls no code
 * of the program's ({@link #isInertJdkCall}). Exact dispatch: {@code invokestatic} and
 * {@code invokespecial} of a method declared here, and {@code invokevirtual} of one declared here that
 * is private or final, or of any method of a final class; an {@code invokeinterface} or a call another
 * class could override is never quiet. The set is the greatest fixed point (every method starts quiet
 * and loses it when it calls one that is not), so mutual and self recursion stay quiet.
 *
 * <p>What a quiet call gives up: an exception that unwinds the caller's frame through a quiet call
 * takes the caller's pending count with it (a frame's count reaches the thread only at its calls to
 * other methods, its {@code athrow}s and its returns), where before the count had been handed over
 * just before the call. And a static initialiser that a quiet method triggers (a first
 * {@code getstatic} of another class) runs uncounted as every initialiser does, but if it forks, the
 * caller's pending instructions land in the strand after its fork instead of before.
 */
final class QuietMethods {
    private final String className;
    private final boolean finalClass;
    private final Map<String, MethodShapes.Shape> shapes;
    private final Set<String> quiet;

    private QuietMethods(String className, boolean finalClass, Map<String, MethodShapes.Shape> shapes,
                         Set<String> quiet) {
        this.className = className;
        this.finalClass = finalClass;
        this.shapes = shapes;
        this.quiet = quiet;
    }

    /**
     * @param className the class's internal name
     * @param access    the class's access flags
     * @param shapes    its methods with code, keyed by name + descriptor
     * @param unwoven   keys of methods the weaver leaves uncounted (never quiet)
     */
    static QuietMethods of(String className, int access, Map<String, MethodShapes.Shape> shapes, Set<String> unwoven) {
        boolean finalClass = (access & Opcodes.ACC_FINAL) != 0;
        Set<String> quiet = new HashSet<>();
        for (Map.Entry<String, MethodShapes.Shape> e : shapes.entrySet()) {
            if (!e.getValue().dynamic() && !unwoven.contains(e.getKey()) && !e.getKey().startsWith("<clinit>")) {
                quiet.add(e.getKey());
            }
        }
        QuietMethods q = new QuietMethods(className, finalClass, shapes, quiet);
        for (boolean changed = true; changed; ) {
            changed = false;
            for (var it = quiet.iterator(); it.hasNext(); ) {
                String key = it.next();
                for (MethodShapes.Call c : shapes.get(key).calls()) {
                    if (!q.isQuietCall(c.opcode(), c.owner(), c.name(), c.descriptor())) {
                        it.remove();
                        changed = true;
                        break;
                    }
                }
            }
        }
        return q;
    }

    /** @return whether the method {@code name + descriptor} of this class is quiet */
    boolean isQuiet(String nameAndDescriptor) {
        return quiet.contains(nameAndDescriptor);
    }

    /** @return whether a call with these operands, made in this class, cannot reach a fork/join event */
    boolean isQuietCall(int opcode, String owner, String name, String descriptor) {
        if (isInertJdkCall(opcode, owner, name, descriptor)) {
            return true;
        }
        if (!owner.equals(className)) {
            return false;
        }
        String key = name + descriptor;
        MethodShapes.Shape target = shapes.get(key);
        if (target == null || !quiet.contains(key)) {
            return false;
        }
        return switch (opcode) {
            case Opcodes.INVOKESTATIC, Opcodes.INVOKESPECIAL -> true;
            case Opcodes.INVOKEVIRTUAL -> finalClass || (target.access() & (Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL)) != 0;
            default -> false;
        };
    }

    /**
     * JDK methods that call no code of the program's and make no fork/join event: {@code Math} and
     * {@code StrictMath}, the primitive wrappers' methods whose arguments are all primitive
     * ({@code Integer.valueOf(int)}, {@code intValue()}, {@code Long.bitCount}, ...; the wrappers are
     * final classes), {@code Object}'s constructor, the constructors of the fork/join task classes a
     * program's tasks extend ({@code ForkJoinTask}, {@code RecursiveTask}, {@code RecursiveAction},
     * {@code CountedCompleter}: they store their arguments and nothing else, on JDK 17 and 25, and
     * no hook is woven into them; so a task class's own constructor is quiet, and a task body that
     * makes its children hands nothing over for them) and {@code System.arraycopy}.
     */
    static boolean isInertJdkCall(int opcode, String owner, String name, String descriptor) {
        switch (owner) {
            case "java/lang/Math", "java/lang/StrictMath":
                return opcode == Opcodes.INVOKESTATIC;
            case "java/lang/Integer", "java/lang/Long", "java/lang/Double", "java/lang/Float", "java/lang/Short",
                 "java/lang/Byte", "java/lang/Character", "java/lang/Boolean":
                if (opcode != Opcodes.INVOKESTATIC && opcode != Opcodes.INVOKEVIRTUAL) {
                    return false;
                }
                for (Type t : Type.getArgumentTypes(descriptor)) {
                    if (t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY) {
                        return false;
                    }
                }
                return true;
            case "java/lang/Object", "java/util/concurrent/ForkJoinTask", "java/util/concurrent/RecursiveTask",
                 "java/util/concurrent/RecursiveAction", "java/util/concurrent/CountedCompleter":
                return opcode == Opcodes.INVOKESPECIAL && name.equals("<init>");
            case "java/lang/System":
                return opcode == Opcodes.INVOKESTATIC && name.equals("arraycopy");
            default:
                return false;
        }
    }
}
