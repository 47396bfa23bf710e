package io.forkscope.recorder.sites.weave;

import static org.assertj.core.api.Assertions.assertThat;

import com.acme.weave.Calls;
import io.forkscope.recorder.sites.SiteRegistry;
import io.forkscope.recorder.sites.SiteRegistryForTests;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the transformer leaves alone, and that a class it cannot weave is left as it is, said once. */
class SiteTransformerTest {
    private final ClassLoader app = SiteTransformerTest.class.getClassLoader();
    private final byte[] calls = WeavingLoader.classFile(Calls.class.getName());
    private final PrintStream err = System.err;
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

    @BeforeEach
    void captureStderr() {
        SiteRegistryForTests.clear();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreStderr() {
        System.setErr(err);
        SiteRegistryForTests.clear();
    }

    @Test
    void weavesApplicationClassesOnly() {
        SiteTransformer t = new SiteTransformer(SiteScope.of(List.of(), List.of("com.acme.weave.lib.**")));
        assertThat(t.transform(null, app, "com/acme/weave/Calls", null, null, calls)).isNotNull();
        assertThat(t.wovenClasses()).isEqualTo(1);
        assertThat(t.transform(null, null, "com/acme/weave/Calls", null, null, calls)).as("bootstrap loader").isNull();
        assertThat(t.transform(null, ClassLoader.getPlatformClassLoader(), "com/acme/weave/Calls", null, null, calls))
                .as("platform loader").isNull();
        assertThat(t.transform(null, app, "com/acme/weave/Calls", Calls.class, null, calls)).as("redefinition").isNull();
        assertThat(t.transform(null, app, "com/acme/weave/Calls$$Lambda/0x01", null, null, calls)).isNull();
        assertThat(t.transform(null, app, null, null, null, calls)).isNull();
        assertThat(t.transform(null, app, "java/util/Foo", null, null, calls)).isNull();
        assertThat(t.transform(null, app, "io/forkscope/recorder/Foo", null, null, calls)).isNull();
        assertThat(t.transform(null, app, "com/acme/weave/lib/Helper", null, null, calls)).as("excluded").isNull();
        assertThat(t.wovenClasses()).isEqualTo(1);
        assertThat(SiteRegistry.wovenClasses()).isEqualTo(1);
        assertThat(SiteRegistry.weavingNanos()).isPositive();
        assertThat(t.failures()).isZero();
        assertThat(captured.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aClassThatCannotBeWovenIsLeftAsItIsAndOnlyTheFirstIsNamed() {
        SiteTransformer t = new SiteTransformer(SiteScope.defaults());
        byte[] truncated = java.util.Arrays.copyOf(calls, calls.length / 2);
        assertThat(t.transform(null, app, "com/acme/Broken", null, null, truncated)).isNull();
        assertThat(t.transform(null, app, "com/acme/AlsoBroken", null, null, new byte[] {1, 2, 3})).isNull();
        assertThat(t.failures()).isEqualTo(2);
        assertThat(SiteRegistry.unwovenClasses()).isEqualTo(2);
        assertThat(SiteRegistry.wovenClasses()).isZero();
        assertThat(captured.toString(StandardCharsets.UTF_8).lines().toList()).singleElement().asString()
                .startsWith("forkscope: cannot weave call sites into com.acme.Broken (").endsWith("it runs without them"
                        + " (further such classes are not reported)");
        // and weaving goes on for the others
        assertThat(t.transform(null, app, "com/acme/weave/Calls", null, null, calls)).isNotNull();
    }
}
