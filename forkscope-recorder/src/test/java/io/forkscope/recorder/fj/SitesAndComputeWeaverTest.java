package io.forkscope.recorder.fj;

import static org.assertj.core.api.Assertions.assertThat;

import com.acme.weave.Tasks;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.recorder.sites.SiteRegistry;
import io.forkscope.recorder.sites.SiteRegistryForTests;
import io.forkscope.recorder.sites.weave.SiteScope;
import io.forkscope.recorder.sites.weave.SiteWeaver;
import io.forkscope.recorder.sites.weave.WeavingLoader;
import java.nio.charset.StandardCharsets;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.ClassFileLocator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A RecursiveTask woven by both transformers of a {@code record --sites} run: the site weaver (call
 * sites, calling the production ForkJoinHooks) and ComputeWeaver (its advice around compute()). The
 * agent installs the site weaver first; the class verifies and computes the same in either order.
 */
class SitesAndComputeWeaverTest {
    private final ComputeWeaver compute = new ComputeWeaver(
            Advice.to(ComputeAdvice.class, ClassFileLocator.ForClassLoader.ofSystemLoader()));
    private final SiteWeaver sites = SiteWeaver.forRegistry(SiteScope.defaults());

    @BeforeEach
    void fresh() {
        SiteRegistryForTests.clear();
    }

    @Test
    void sitesFirstThenComputeAdvice() throws Exception {
        byte[][] last = new byte[1][];
        WeavingLoader loader = new WeavingLoader("com.acme.weave.", (l, name, bytes) -> {
            byte[] s = sites.weave(l, bytes);
            byte[] c = compute.transform(l, name, s == null ? bytes : s);
            byte[] out = c != null ? c : s;
            if (name.endsWith("/Tasks")) {
                last[0] = out;
            }
            return out;
        });
        assertThat(run(loader)).isEqualTo(Tasks.run());
        assertWovenByBoth(last[0]);
    }

    @Test
    void computeAdviceFirstThenSites() throws Exception {
        byte[][] last = new byte[1][];
        WeavingLoader loader = new WeavingLoader("com.acme.weave.", (l, name, bytes) -> {
            byte[] c = compute.transform(l, name, bytes);
            byte[] s = sites.weave(l, c == null ? bytes : c);
            byte[] out = s != null ? s : c;
            if (name.endsWith("/Tasks")) {
                last[0] = out;
            }
            return out;
        });
        assertThat(run(loader)).isEqualTo(Tasks.run());
        assertWovenByBoth(last[0]);
    }

    private static Object run(ClassLoader loader) throws Exception {
        return loader.loadClass(Tasks.class.getName()).getMethod("run").invoke(null);
    }

    private void assertWovenByBoth(byte[] tasks) {
        String pool = new String(tasks, StandardCharsets.ISO_8859_1);
        assertThat(pool).contains("siteEnter", "siteFork", "inlineBegin");
        assertThat(compute.failures()).isZero();
        assertThat(SiteRegistry.sites()).anyMatch(s -> s.methodName().equals("compute") && s.kind() == SiteKind.FORK);
    }
}
