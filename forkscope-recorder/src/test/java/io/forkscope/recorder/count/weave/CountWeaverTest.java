package io.forkscope.recorder.count.weave;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.recorder.count.BytecodeCounter;
import io.forkscope.recorder.sites.SiteRegistryForTests;
import io.forkscope.recorder.sites.weave.TestHooks;
import io.forkscope.recorder.sites.weave.TestSiteWeaving;
import io.forkscope.recorder.sites.weave.WeavingLoader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The counting weaver on small classes whose executed instructions are counted by hand from javac's
 * output (listed with each case), read from {@link BytecodeCounter} on the calling thread. Each case
 * runs with counting alone and with the call-site weaver's hooks woven first, which must not count.
 */
class CountWeaverTest {
    private static final String COUNTED = "com.acme.count.Counted";
    private static final String HOOKS = TestHooks.class.getName().replace('.', '/');

    @BeforeEach
    void fresh() {
        SiteRegistryForTests.clear();
        TestHooks.clear();
    }

    /** A loader that weaves com.acme.count with counting, after the call-site weaver when {@code sites}. */
    private static WeavingLoader loader(boolean sites) {
        CountWeaver counting = new CountWeaver(HOOKS);
        TestSiteWeaving siteWeaver = new TestSiteWeaving();
        return new WeavingLoader("com.acme.count.", (l, name, bytes) ->
                counting.weave(sites ? siteWeaver.weave(l, bytes) : bytes));
    }

    /** @return the instructions counted on this thread while {@code method} ran with {@code args} */
    private static long count(ClassLoader loader, String method, Class<?>[] types, Object... args) throws Exception {
        Method m = loader.loadClass(COUNTED).getMethod(method, types);
        long before = BytecodeCounter.current();
        try {
            m.invoke(null, args);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
        return BytecodeCounter.current() - before;
    }

    private static long count(ClassLoader loader, String method, int arg) throws Exception {
        return count(loader, method, new Class<?>[] {int.class}, arg);
    }

    @ParameterizedTest(name = "sites woven first: {0}")
    @ValueSource(booleans = {false, true})
    void straightLineCodeCountsEveryInstruction(boolean sites) throws Exception {
        // add: iload_0 iload_1 iadd ireturn
        assertThat(count(loader(sites), "add", new Class<?>[] {int.class, int.class}, 2, 3)).isEqualTo(4);
    }

    @ParameterizedTest(name = "sites woven first: {0}")
    @ValueSource(booleans = {false, true})
    void aLoopCountsEachIterationAndTheFinalTest(boolean sites) throws Exception {
        // sum: iconst_0 istore_1 iconst_0 istore_2 (4); the test iload_2 iload_0 if_icmpge (3) n + 1 times;
        // the body iload_1 iload_2 iadd istore_1 iinc goto (6) n times; iload_1 ireturn (2)
        ClassLoader l = loader(sites);
        for (int n : new int[] {0, 1, 10, 1000}) {
            assertThat(count(l, "sum", n)).as("n = %d", n).isEqualTo(4 + 3L * (n + 1) + 6L * n + 2);
        }
    }

    @ParameterizedTest(name = "sites woven first: {0}")
    @ValueSource(booleans = {false, true})
    void callsCountTheCallersInstructionsAndTheCallees(boolean sites) throws Exception {
        // twice: iload_0 iload_0 invokestatic iload_0 iconst_1 invokestatic iadd ireturn (8) + add twice (2 x 4)
        assertThat(count(loader(sites), "twice", 5)).isEqualTo(8 + 2 * 4);
    }

    @ParameterizedTest(name = "sites woven first: {0}")
    @ValueSource(booleans = {false, true})
    void aThrowCountsUpToItAndTheHandlerFromItsStart(boolean sites) throws Exception {
        ClassLoader l = loader(sites);
        // x > 0: iload_0 ifle new dup invokespecial athrow (6), then the handler astore_1 iconst_2 ireturn (3);
        // the JDK's constructor is not counted
        assertThat(count(l, "caught", 1)).isEqualTo(6 + 3);
        // x <= 0: iload_0 ifle iconst_1 ireturn
        assertThat(count(l, "caught", 0)).isEqualTo(4);
    }

    @ParameterizedTest(name = "sites woven first: {0}")
    @ValueSource(booleans = {false, true})
    void everyArmOfASwitchCountsItsOwnInstructions(boolean sites) throws Exception {
        ClassLoader l = loader(sites);
        // iload_0 lookupswitch bipush ireturn, whichever arm
        for (int x : new int[] {0, 1, 2, -7}) {
            assertThat(count(l, "choose", x)).as("x = %d", x).isEqualTo(4);
        }
    }

    @ParameterizedTest(name = "sites woven first: {0}")
    @ValueSource(booleans = {false, true})
    void aCalleeSeesTheCallersInstructionsUpToTheCallAlreadyCounted(boolean sites) throws Exception {
        long[] seen = new long[1];
        long before = BytecodeCounter.current();
        LongSupplier probe = () -> seen[0] = BytecodeCounter.current();   // forkscope's test code: not woven
        long total = count(loader(sites), "observed", new Class<?>[] {LongSupplier.class}, probe);
        // before the call: iconst_1 istore_1 iload_1 iconst_2 iadd istore_2 aload_0 invokeinterface (8);
        // after it: iload_2 i2l ladd lreturn (4)
        assertThat(seen[0] - before).isEqualTo(8);
        assertThat(total).isEqualTo(8 + 4);
    }

    @ParameterizedTest(name = "sites woven first: {0}")
    @ValueSource(booleans = {false, true})
    void aCallThatMayReachAnEventHandsOverFirstThroughEveryFrame(boolean sites) throws Exception {
        long[] seen = new long[1];
        long before = BytecodeCounter.current();
        LongSupplier probe = () -> seen[0] = BytecodeCounter.current();
        long total = count(loader(sites), "outer", new Class<?>[] {LongSupplier.class}, probe);
        // outer, before its call: iconst_1 istore_1 aload_0 invokestatic (4); middle: aload_0 invokeinterface (2);
        // after: lreturn in middle (1), then iload_1 i2l ladd lreturn in outer (4). middle calls an interface, so
        // it is not quiet and outer hands its 4 over before calling it: the probe (an event's place) sees them
        assertThat(seen[0] - before).isEqualTo(4 + 2);
        assertThat(total).isEqualTo(4 + 2 + 1 + 4);
    }

    @ParameterizedTest(name = "sites woven first: {0}")
    @ValueSource(booleans = {false, true})
    void aQuietCallLeavesTheCountInTheCallerAndLosesNothing(boolean sites) throws Exception {
        long[] seen = new long[1];
        long before = BytecodeCounter.current();
        LongSupplier probe = () -> seen[0] = BytecodeCounter.current();
        long total = count(loader(sites), "quietCaller", new Class<?>[] {LongSupplier.class}, probe);
        // iconst_1 iconst_2 invokestatic (3), add (4), istore_1 aload_0 invokeinterface (3), then
        // iload_1 i2l ladd lreturn (4): whatever is handed over when, the probe sees all before it
        assertThat(seen[0] - before).isEqualTo(3 + 4 + 3);
        assertThat(total).isEqualTo(3 + 4 + 3 + 4);
    }

    @ParameterizedTest(name = "sites woven first: {0}")
    @ValueSource(booleans = {false, true})
    void recursionCountsEveryInvocation(boolean sites) throws Exception {
        ClassLoader l = loader(sites);
        for (int n : new int[] {0, 1, 2, 10, 20}) {
            assertThat(count(l, "fib", n)).as("fib(%d)", n).isEqualTo(fibCount(n));
        }
    }

    /** fib's instructions: a leaf iload_0 iconst_2 if_icmpge iload_0 i2l goto lreturn (7); an inner call 13. */
    private static long fibCount(int n) {
        return n < 2 ? 7 : 13 + fibCount(n - 1) + fibCount(n - 2);
    }

    @ParameterizedTest(name = "sites woven first: {0}")
    @ValueSource(booleans = {false, true})
    void wovenClassesVerify(boolean sites) throws Exception {
        ClassLoader l = loader(sites);
        // loading and running the fork/join task verifies its woven compute() (frames with the counter's long)
        Method run = l.loadClass(COUNTED + "$Fib").getMethod("run", int.class, int.class);
        assertThat(run.invoke(null, 20, 2)).isEqualTo(6765L);
    }
}
