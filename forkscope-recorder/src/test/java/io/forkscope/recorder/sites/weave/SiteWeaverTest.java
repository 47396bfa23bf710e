package io.forkscope.recorder.sites.weave;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.acme.weave.Calls;
import com.acme.weave.Lambdas;
import com.acme.weave.Switches;
import com.acme.weave.Tasks;
import com.acme.weave.Throwing;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.recorder.sites.SiteRegistry;
import io.forkscope.recorder.sites.SiteRegistryForTests;
import java.lang.reflect.InvocationTargetException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The call-site weaver on hand-written application classes (com.acme.weave): woven classes verify,
 * load and compute what the originals compute; the registry holds the expected sites, whose
 * bytecode indexes and lines agree with javap; the hooks are called in program order.
 */
class SiteWeaverTest {
    private static final String HOOKS = TestHooks.class.getName().replace('.', '/');
    private static final String HELPER = "com.acme.weave.lib.Helper";

    @BeforeEach
    void fresh() {
        SiteRegistryForTests.clear();
        TestHooks.clear();
    }

    private static WeavingLoader loader(SiteScope scope) {
        SiteWeaver weaver = new SiteWeaver(scope, SiteRegistrar.REGISTRY, HOOKS);
        return new WeavingLoader("com.acme.weave.", (l, name, bytes) ->
                scope.isApplication(name.replace('/', '.')) ? weaver.weave(l, bytes) : null);
    }

    private static Object call(ClassLoader loader, String className, String method) throws Exception {
        try {
            return loader.loadClass(className).getMethod(method).invoke(null);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }

    private static List<CallSite> sitesOf(String className) {
        return SiteRegistry.sites().stream().filter(s -> s.className().equals(className)).toList();
    }

    private static List<String> callees(String className, String method) {
        return sitesOf(className).stream().filter(s -> s.methodName().equals(method))
                .map(s -> s.kind() + " " + s.callee()).toList();
    }

    @Test
    void plainCallsAreSitesInProgramOrderAndTheResultIsUnchanged() throws Exception {
        Object woven = call(loader(SiteScope.defaults()), Calls.class.getName(), "run");
        assertThat(woven).isEqualTo(Calls.run());

        String c = Calls.class.getName();
        assertThat(callees(c, "run")).containsExactly("CALL Calls.square", "CALL Calls.square", "CALL Calls.add",
                "CALL Calls.widen", "CALL Calls.square", "CALL Calls.widen", "CALL Helper.twice");
        // calls inside a constructor are sites; constructors (new Calls(), super()) and JDK methods
        // (Math.max, the inherited Object.hashCode) are not
        assertThat(callees(c, "<init>")).containsExactly("CALL Calls.square");
        assertThat(callees(HELPER, "twice")).containsExactly("CALL Helper.once");

        // every site of run() entered and exited in program order, each exit with its enter's token
        Map<Integer, CallSite> byId = byId();
        List<String> trace = TestHooks.events().stream()
                .map(e -> e.what().equals("enter") ? "enter " + byId.get(e.site()).callee() + " " + e.token()
                        : e.what() + " " + e.token())
                .toList();
        assertThat(trace).containsExactly(
                "enter Calls.square 0", "exit 0",                  // in the constructor
                "enter Calls.square 0", "exit 0",
                "enter Calls.square 0", "exit 0", "enter Calls.add 0", "exit 0",
                "enter Calls.widen 0", "exit 0", "enter Calls.square 0", "exit 0", "enter Calls.widen 0", "exit 0",
                "enter Helper.twice 0", "enter Helper.once 1", "exit 1", "exit 0");
        // the method id passed at run time is the containing method's, the same for all its sites
        for (TestHooks.Event e : TestHooks.events()) {
            if (e.what().equals("enter")) {
                assertThat(e.method()).isEqualTo(byId.get(e.site()).callerMethod());
            }
        }
        assertThat(sitesOf(c).stream().filter(s -> s.methodName().equals("run")).map(CallSite::callerMethod)
                .distinct()).hasSize(1);
    }

    private static Map<Integer, CallSite> byId() {
        Map<Integer, CallSite> m = new HashMap<>();
        for (CallSite s : SiteRegistry.sites()) {
            m.put(s.id(), s);
        }
        return m;
    }

    @Test
    void aThrottledSiteIsRelinkedAndItsCallsReachNoHook() throws Exception {
        try {
            ClassLoader l = loader(SiteScope.defaults());
            assertThat(call(l, Calls.class.getName(), "run")).isEqualTo(Calls.run());
            int square = sitesOf(Calls.class.getName()).stream()
                    .filter(s -> s.methodName().equals("run") && s.callee().equals("Calls.square"))
                    .mapToInt(CallSite::id).findFirst().orElseThrow();
            long before = TestHooks.events().stream().filter(e -> e.what().equals("enter")).count();
            SiteRegistryForTests.throttle(square);
            TestHooks.clear();
            assertThat(call(l, Calls.class.getName(), "run")).isEqualTo(Calls.run());
            List<TestHooks.Event> after = TestHooks.events();
            // run() has three sites that call square, once each (and the constructor a fourth): only
            // the first one's call is a plain call now, with neither an enter nor an exit
            assertThat(after).noneMatch(e -> e.site() == square);
            assertThat(after.stream().filter(e -> e.what().equals("enter")).count()).isEqualTo(before - 1);
            assertThat(after.stream().filter(e -> e.what().equals("exit")).count()).isEqualTo(before - 1);
            // the exit's call site tests the token itself: the throttled call never reaches the hook
            assertThat(after).noneMatch(e -> e.what().equals("exit-nothing"));
        } finally {
            SiteRegistryForTests.resetThrottle();
        }
    }

    @Test
    void aClassFileOlderThanJava7CallsTheEnterHookStatically() throws Exception {
        SiteWeaver weaver = new SiteWeaver(SiteScope.defaults(), SiteRegistrar.REGISTRY, HOOKS);
        String calls = Calls.class.getName().replace('.', '/');
        boolean[] old = {false};
        WeavingLoader l = new WeavingLoader("com.acme.weave.", (loader, name, bytes) -> {
            if (!name.equals(calls)) {
                return weaver.weave(loader, bytes);
            }
            byte[] java6 = bytes.clone();      // major version 50: no invokedynamic allowed
            java6[6] = 0;
            java6[7] = 50;
            byte[] woven = weaver.weave(loader, java6);
            old[0] = !new String(woven, java.nio.charset.StandardCharsets.ISO_8859_1).contains("siteLink");
            return woven;
        });
        assertThat(call(l, Calls.class.getName(), "run")).isEqualTo(Calls.run());
        assertThat(old[0]).as("no bootstrap method in the Java 6 class file").isTrue();
        assertThat(TestHooks.events().stream().filter(e -> e.what().equals("enter")).count()).isEqualTo(9);
    }

    @Test
    void excludedClassesAreNotWovenAndCallsToThemAreNotSites() throws Exception {
        SiteScope scope = SiteScope.of(List.of(), List.of("com.acme.weave.lib.**"));
        Object woven = call(loader(scope), Calls.class.getName(), "run");
        assertThat(woven).isEqualTo(Calls.run());
        assertThat(callees(Calls.class.getName(), "run")).doesNotContain("CALL Helper.twice").hasSize(6);
        assertThat(sitesOf(HELPER)).isEmpty();

        SiteRegistryForTests.clear();
        call(loader(SiteScope.of(List.of("com.acme.weave.lib.*"), List.of())), Calls.class.getName(), "run");
        assertThat(SiteRegistry.sites()).extracting(CallSite::className).containsOnly(HELPER);
    }

    @Test
    void aCallThatThrowsHasNoExitAndTheProgramSeesTheSameException() throws Exception {
        ClassLoader l = loader(SiteScope.defaults());
        assertThat(call(l, Throwing.class.getName(), "run")).isEqualTo(Throwing.run());
        List<TestHooks.Event> events = TestHooks.events();
        assertThat(events).extracting(TestHooks.Event::what).containsExactly("enter", "enter", "exit");
        assertThat(byId().get(events.get(0).site()).callee()).isEqualTo("Throwing.boom");
        // the first call threw: its token was never given back, the next enter is one deeper
        assertThat(events.get(1).token()).isEqualTo(1);

        assertThatThrownBy(() -> call(l, Throwing.class.getName(), "escape"))
                .isInstanceOf(IllegalStateException.class).hasMessage("boom 2");
    }

    @Test
    void forkJoinOperationsAreForkAndCallSitesAndWaitsAreNot() throws Exception {
        assertThat(call(loader(SiteScope.defaults()), Tasks.class.getName(), "run")).isEqualTo(Tasks.run());
        String t = Tasks.class.getName();
        assertThat(callees(t, "compute")).containsExactly("FORK Tasks.fork", "CALL Tasks.compute");
        assertThat(callees(t, "run")).containsExactly("CALL ForkJoinPool.invoke", "CALL ForkJoinTask.invokeAll",
                "FORK ForkJoinPool.submit", "FORK ForkJoinPool.submit", "LAMBDA lambda$run$0");
        assertThat(callees(t, "lambda$run$0")).containsExactly("CALL Tasks.invoke");

        List<TestHooks.Event> events = TestHooks.events();
        Map<Integer, CallSite> byId = byId();
        // fib(8)'s tree from pool.invoke and the rest: every task above n=1 forks once
        long forks = events.stream().filter(e -> e.what().equals("fork")
                && byId.get(e.site()).callee().equals("Tasks.fork")).count();
        assertThat(forks).isEqualTo(innerNodes(8) + innerNodes(4) + innerNodes(5) + innerNodes(3) + innerNodes(2));
        assertThat(events.stream().filter(e -> e.what().equals("enter")).count())
                .isEqualTo(events.stream().filter(e -> e.what().equals("exit")).count());
    }

    private static long innerNodes(int n) {
        return n < 2 ? 0 : 1 + innerNodes(n - 1) + innerNodes(n - 2);
    }

    @Test
    void lambdaBodiesAreSitesWhereTheyAreWrittenAndTerminalOperationsAreCalls() throws Exception {
        ClassLoader l = loader(SiteScope.defaults());
        assertThat(call(l, Lambdas.class.getName(), "stream")).isEqualTo(Lambdas.stream());
        assertThat(call(l, Lambdas.class.getName(), "loops")).isEqualTo(Lambdas.loops());
        assertThat(call(l, Lambdas.class.getName(), "arrays")).isEqualTo(Lambdas.arrays());

        String c = Lambdas.class.getName();
        // building a pipeline (range, parallel, map, filter) runs nothing: only the terminal operation
        // (a lambda's site is registered with its body, which javac puts after the enclosing methods)
        assertThat(callees(c, "stream")).containsExactlyInAnyOrder("CALL IntStream.sum", "LAMBDA lambda$stream$0",
                "LAMBDA lambda$stream$1");
        assertThat(callees(c, "loops")).containsExactly("CALL LongStream.sum", "LAMBDA lambda$loops$2");
        assertThat(callees(c, "arrays")).containsExactly("CALL Arrays.parallelSort",
                "CALL ConcurrentHashMap.reduceValuesToLong");
        assertThat(callees(c, "lambda$stream$0")).containsExactly("CALL Lambdas.scale");

        Map<Integer, CallSite> byId = byId();
        Map<String, Long> lambdaEnters = TestHooks.events().stream().filter(e -> e.what().equals("enter"))
                .map(e -> byId.get(e.site())).filter(s -> s.kind() == SiteKind.LAMBDA)
                .collect(Collectors.groupingBy(CallSite::callee, Collectors.counting()));
        assertThat(lambdaEnters).containsEntry("lambda$stream$0", 100L).containsEntry("lambda$stream$1", 100L)
                .containsEntry("lambda$loops$2", 20L);
        // every body returned normally: as many exits as enters, on each thread
        Map<String, Long> balance = TestHooks.events().stream().filter(e -> !e.what().equals("fork"))
                .collect(Collectors.groupingBy(TestHooks.Event::thread,
                        Collectors.summingLong(e -> e.what().equals("enter") ? 1 : -1)));
        assertThat(balance.values()).containsOnly(0L);
    }

    @Test
    void switchesAndWideLocalsBeforeSites() throws Exception {
        assertThat(call(loader(SiteScope.defaults()), Switches.class.getName(), "run")).isEqualTo(Switches.run());
        assertThat(callees(Switches.class.getName(), "wide")).containsExactly("CALL Switches.id", "CALL Switches.id",
                "CALL Switches.id");
        assertThat(TestHooks.events()).isNotEmpty();
    }

    @Test
    void bytecodeIndexesAndLinesAgreeWithJavap() throws Exception {
        ClassLoader l = loader(SiteScope.defaults());
        for (Class<?> c : List.of(Calls.class, Throwing.class, Tasks.class, Lambdas.class, Switches.class)) {
            l.loadClass(c.getName());
        }
        l.loadClass(HELPER);
        assertThat(SiteRegistry.sites()).hasSizeGreaterThan(25);
        Map<String, Map<String, JavapOracle.Method>> javap = new HashMap<>();
        for (CallSite s : SiteRegistry.sites()) {
            Map<String, JavapOracle.Method> methods = javap.computeIfAbsent(s.className(), n -> {
                try {
                    return JavapOracle.of(n);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            JavapOracle.Method m = methods.get(s.methodName() + s.descriptor());
            assertThat(m).as("%s.%s%s in javap", s.className(), s.methodName(), s.descriptor()).isNotNull();
            String insn = m.code().get(s.bci());
            assertThat(insn).as("instruction at %s", s).isNotNull();
            assertThat(s.sourceFile()).isEqualTo(s.className().substring(s.className().lastIndexOf('.') + 1)
                    .replaceAll("\\$.*", "") + ".java");
            if (s.kind() == SiteKind.LAMBDA) {
                assertThat(insn).as("%s", s).startsWith("invokedynamic");
                JavapOracle.Method body = methods.entrySet().stream()
                        .filter(e -> e.getKey().startsWith(s.callee() + "(")).findFirst().orElseThrow().getValue();
                assertThat(s.line()).as("%s", s).isEqualTo(body.firstLine());
            } else {
                String calleeMethod = s.callee().substring(s.callee().indexOf('.') + 1);
                assertThat(insn).as("%s", s).startsWith("invoke")
                        .matches(".*// (Interface)?Method (\\S+\\.)?" + Pattern.quote(calleeMethod) + ":.*");
                assertThat(s.line()).as("%s", s).isEqualTo(m.lineAt(s.bci()));
            }
        }
    }

    @Test
    void theSameSiteIsRegisteredOncePerClassDefinition() throws Exception {
        call(loader(SiteScope.defaults()), Calls.class.getName(), "run");
        int n = SiteRegistry.sites().size();
        call(loader(SiteScope.defaults()), Calls.class.getName(), "run");
        // a second loader defines the classes again: new sites, the same method ids
        assertThat(SiteRegistry.sites()).hasSize(2 * n);
        List<CallSite> all = SiteRegistry.sites();
        for (int i = 0; i < n; i++) {
            assertThat(all.get(n + i).callerMethod()).isEqualTo(all.get(i).callerMethod());
        }
    }
}
