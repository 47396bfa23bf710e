package io.forkscope.recorder.sites.weave;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which classes are application classes, by default and with include/exclude patterns. */
class SiteScopeTest {
    @Test
    void byDefaultEverythingButTheJdkAndForkscopeExceptItsSamples() {
        SiteScope s = SiteScope.defaults();
        assertThat(s.isApplication("com.acme.Main")).isTrue();
        assertThat(s.isApplication("Main")).isTrue();
        assertThat(s.isApplication("org.apache.commons.Lang")).isTrue();
        assertThat(s.isApplication("io.forkscope.samples.Fib$FibTask")).isTrue();
        for (String jdk : List.of("java.util.List", "javax.swing.JFrame", "jdk.internal.Foo", "sun.misc.Unsafe",
                "com.sun.net.httpserver.HttpServer", "io.forkscope.recorder.fj.ForkJoinHooks",
                "io.forkscope.shaded.net.bytebuddy.ByteBuddy", "io.forkscope.cli.Main")) {
            assertThat(s.isApplication(jdk)).as(jdk).isFalse();
        }
        // a prefix is a package boundary only with its dot
        assertThat(s.isApplication("javafx.Foo")).isTrue();
        assertThat(s.isApplication("io.forkscopex.Foo")).isTrue();
    }

    @Test
    void oneStarIsOnePackageTwoStarsAreSubpackagesAndANameIsAClassWithItsNestedClasses() {
        SiteScope s = SiteScope.of(List.of("com.acme.*", "org.x.**", "net.y.Main"), List.of());
        assertThat(s.isApplication("com.acme.Main")).isTrue();
        assertThat(s.isApplication("com.acme.Main$Task")).isTrue();
        assertThat(s.isApplication("com.acme.sub.Main")).isFalse();
        assertThat(s.isApplication("org.x.A")).isTrue();
        assertThat(s.isApplication("org.x.deep.er.A")).isTrue();
        assertThat(s.isApplication("org.xy.A")).isFalse();
        assertThat(s.isApplication("net.y.Main")).isTrue();
        assertThat(s.isApplication("net.y.Main$1")).isTrue();
        assertThat(s.isApplication("net.y.MainX")).isFalse();
        assertThat(s.isApplication("other.Main")).isFalse();
    }

    @Test
    void excludeWinsAndNeitherBringsBackTheJdk() {
        SiteScope s = SiteScope.of(List.of("com.acme.**", "java.**"), List.of("com.acme.gen.**", "*.*Test"));
        assertThat(s.isApplication("com.acme.Main")).isTrue();
        assertThat(s.isApplication("com.acme.gen.Parser")).isFalse();
        assertThat(s.isApplication("java.util.List")).isFalse();
        assertThat(SiteScope.of(List.of(), List.of("*.*Test")).isApplication("acme.MainTest")).isFalse();
        assertThat(SiteScope.of(List.of(), List.of("**")).isApplication("com.acme.Main")).isFalse();
    }

    @Test
    void malformedPatternsAreNamed() {
        assertThat(SiteScope.problem("com.acme.*")).isNull();
        assertThat(SiteScope.problem("com.acme.**")).isNull();
        assertThat(SiteScope.problem("")).contains("empty");
        assertThat(SiteScope.problem(".com")).contains("empty package segment");
        assertThat(SiteScope.problem("com.ac**me")).contains("whole package segments");
        assertThat(SiteScope.problem("com/acme")).contains("not a class or package pattern");
    }
}
