package io.forkscope.recorder.count.weave;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.recorder.count.BytecodeCounter;
import io.forkscope.recorder.sites.SiteRegistryForTests;
import io.forkscope.recorder.sites.weave.TestHooks;
import io.forkscope.recorder.sites.weave.TestSiteWeaving;
import io.forkscope.recorder.sites.weave.WeavingLoader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Quiet methods' twins ({@link Twins}): the counts are those of the weaving without twins (itself
 * checked against hand counts in {@link CountWeaverTest}) for recursion, instance and synchronized
 * recursion, loops and switches over quiet callees, and a recursion a JVM-raised exception ends; the
 * twins are private synthetic methods of the same names (constructors get none); and an exception's
 * stack trace names the same methods and lines as the program's own.
 */
class TwinsTest {
    private static final String COUNTED = "com.acme.count.Counted";
    private static final String HOOKS = TestHooks.class.getName().replace('.', '/');

    @BeforeEach
    void fresh() {
        SiteRegistryForTests.clear();
        TestHooks.clear();
    }

    private static WeavingLoader loader(boolean twins, boolean sites) {
        CountWeaver counting = twins ? new CountWeaver(HOOKS) : CountWeaver.withoutTwins(HOOKS);
        TestSiteWeaving siteWeaver = new TestSiteWeaving();
        return new WeavingLoader("com.acme.count.", (l, name, bytes) ->
                counting.weave(sites ? siteWeaver.weave(l, bytes) : bytes));
    }

    /** @return the instructions counted on this thread while Counted.method(arg) ran (or threw) */
    private static long count(ClassLoader loader, String method, int arg) throws Exception {
        Method m = loader.loadClass(COUNTED).getMethod(method, int.class);
        long before = BytecodeCounter.current();
        try {
            m.invoke(null, arg);
        } catch (InvocationTargetException e) {
            assertThat(e.getCause()).isInstanceOf(ArithmeticException.class);
        }
        return BytecodeCounter.current() - before;
    }

    @ParameterizedTest(name = "sites woven first: {0}")
    @ValueSource(booleans = {false, true})
    void twinsCountWhatTheOriginalsCount(boolean sites) throws Exception {
        ClassLoader with = loader(true, sites);
        ClassLoader without = loader(false, sites);
        for (String method : List.of("fib", "divide", "walk", "mixed", "sum", "twice")) {
            for (int n : new int[] {0, 1, 2, 3, 7, 16}) {
                long expected = count(without, method, n);
                assertThat(count(with, method, n)).as("%s(%d)", method, n).isEqualTo(expected);
                if (n > 2 && !method.equals("twice") && !method.equals("divide")) {   // divide's unwound frames lose theirs
                    assertThat(expected).as("%s(%d) counts", method, n).isGreaterThan(n);
                }
            }
        }
    }

    @org.junit.jupiter.api.Test
    void quietMethodsGetPrivateSyntheticTwinsOfTheSameNameAndConstructorsNone() throws Exception {
        ClassLoader l = loader(true, false);
        Class<?> counted = l.loadClass(COUNTED);
        Method fib = counted.getDeclaredMethod("fib", int.class, long[].class, int.class);
        assertThat(fib.isSynthetic()).isTrue();
        assertThat(Modifier.isPrivate(fib.getModifiers()) && Modifier.isStatic(fib.getModifiers())).isTrue();
        Class<?> walker = l.loadClass(COUNTED + "$Walker");
        Method sumTo = walker.getDeclaredMethod("sumTo", int.class, long[].class, int.class);
        assertThat(Modifier.isStatic(sumTo.getModifiers())).isFalse();
        Method step = walker.getDeclaredMethod("step", int.class, long[].class, int.class);
        assertThat(Modifier.isSynchronized(step.getModifiers())).isTrue();
        assertThat(walker.getDeclaredConstructors()).hasSize(1);
        // a quiet method no quiet call of its class reaches has none (it would never run)
        assertThatThrownBy(() -> counted.getDeclaredMethod("choose", int.class, long[].class, int.class))
                .isInstanceOf(NoSuchMethodException.class);
        assertThat(counted.getDeclaredMethod("add", int.class, int.class, long[].class, int.class).isSynthetic()).isTrue();
        // a method that may reach an event (an interface call) has none
        assertThat(Arrays.stream(counted.getDeclaredMethods()).filter(m -> m.getName().equals("observed")))
                .hasSize(1);
        // with call sites woven first, fib's calls are sites (events), so it is not quiet and has no twin
        assertThatThrownBy(() -> loader(true, true).loadClass(COUNTED).getDeclaredMethod("fib", int.class,
                long[].class, int.class)).isInstanceOf(NoSuchMethodException.class);
        // the woven program computes what the program does
        assertThat(counted.getMethod("walk", int.class).invoke(null, 10))
                .isEqualTo(loader(false, false).loadClass(COUNTED).getMethod("walk", int.class).invoke(null, 10));
    }

    @org.junit.jupiter.api.Test
    void noTwinWhereTheClassDeclaresItsNameAndDescriptorEvenAbstract() throws Exception {
        Class<?> clash = loader(true, false).loadClass(COUNTED + "$Clash");      // a duplicate would not load
        assertThat(clash.getMethod("down", int.class).invoke(null, 5)).isEqualTo(5L);
        assertThat(Arrays.stream(clash.getDeclaredMethods()).filter(m -> m.getName().equals("down"))).hasSize(2);
    }

    @ParameterizedTest(name = "twins: {0}")
    @ValueSource(booleans = {false, true})
    void anExceptionsStackTraceNamesTheProgramsMethodsAndLines(boolean twins) throws Exception {
        StackTraceElement[] woven = trace(loader(twins, false));
        StackTraceElement[] plain = trace(new WeavingLoader("com.acme.count.", (l, name, bytes) -> bytes));
        assertThat(program(woven)).hasSize(6).isEqualTo(program(plain));
    }

    private static StackTraceElement[] trace(ClassLoader l) throws Exception {
        Method divide = l.loadClass(COUNTED).getMethod("divide", int.class);
        try {
            divide.invoke(null, 5);
        } catch (InvocationTargetException e) {
            return e.getCause().getStackTrace();
        }
        throw new AssertionError("divide(5) did not throw");
    }

    /** The frames of the program's classes, as class, method and line. */
    private static List<String> program(StackTraceElement[] trace) {
        return Arrays.stream(trace).filter(f -> f.getClassName().startsWith("com.acme.count."))
                .map(f -> f.getClassName() + "." + f.getMethodName() + ":" + f.getLineNumber()).toList();
    }

    @ParameterizedTest(name = "sites woven first: {0}")
    @ValueSource(booleans = {false, true})
    void aForkJoinProgramCountsTheSameWithTwins(boolean sites) throws Exception {
        for (boolean twins : new boolean[] {false, true}) {
            Method run = loader(twins, sites).loadClass(COUNTED + "$Fib").getMethod("run", int.class, int.class);
            assertThat(run.invoke(null, 20, 2)).isEqualTo(6765L);
        }
        assertThatThrownBy(() -> loader(true, sites).loadClass(COUNTED).getDeclaredMethod("observed",
                java.util.function.LongSupplier.class, long[].class, int.class)).isInstanceOf(NoSuchMethodException.class);
    }
}
