package io.forkscope.model.sites;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SiteValuesTest {

    @Test
    void aSiteSaysWhereItIs() {
        assertThat(new CallSite(0, 0, "QuickSort", "compute", "()V", 12, 41, "QuickSort.java").where())
                .isEqualTo("QuickSort.java:41");
        assertThat(new CallSite(1, 0, "QuickSort", "compute", "()V", 17, -1, null).where())
                .isEqualTo("QuickSort.compute@17");
        assertThatThrownBy(() -> new CallSite(-1, 0, "C", "m", "()V", 0, 1, "C.java"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void parallelismIsWorkOverSpanAndZeroWithoutSpan() {
        assertThat(new Measurement(3, 15, 6).parallelism()).isEqualTo(2.5);
        assertThat(Measurement.ZERO.parallelism()).isZero();
    }

    @Test
    void aProfileFindsASiteById() {
        SiteMeasures m = new SiteMeasures(4, Measurement.ZERO, Measurement.ZERO, new Measurement(1, 2, 2));
        SiteProfile p = new SiteProfile(List.of(m), 0, 0);
        assertThat(p.of(4)).isSameAs(m);
        assertThat(p.of(3)).isNull();
    }
}
