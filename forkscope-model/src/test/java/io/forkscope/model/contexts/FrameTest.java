package io.forkscope.model.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Hidden classes' names as JFR and stack walks spell them on JDK 17 and 25, made the same in every run. */
class FrameTest {
    @Test
    void aLambdaIsItsOuterClassDollarDollarLambdaWhateverTheJdkAndTheRun() {
        assertThat(Frame.stableClassName("app.Main$$Lambda$137/0x0000000800c0b000")).isEqualTo("app.Main$$Lambda");
        assertThat(Frame.stableClassName("app.Main$$Lambda$137+0x00007f00e01375d0.1690233783")).isEqualTo("app.Main$$Lambda");
        assertThat(Frame.stableClassName("app.Main$$Lambda.0x00000000181369b8")).isEqualTo("app.Main$$Lambda");
        assertThat(Frame.stableClassName("app.Main$$Lambda/0x00000000181369b8")).isEqualTo("app.Main$$Lambda");
        assertThat(Frame.of("app.Main$$Lambda$12/0x0000000800c01234", "accept", -1, 3))
                .isEqualTo(Frame.of("app.Main$$Lambda.0x00000000181369b8", "accept", -1, 3));
    }

    @Test
    void otherHiddenClassesLoseTheirAddressOrdinaryNamesStay() {
        assertThat(Frame.stableClassName("java.lang.invoke.LambdaForm$MH/0x0000000800c0c400"))
                .isEqualTo("java.lang.invoke.LambdaForm$MH");
        assertThat(Frame.stableClassName("java.lang.invoke.LambdaForm$DMH.0x00000000180a1000"))
                .isEqualTo("java.lang.invoke.LambdaForm$DMH");
        assertThat(Frame.stableClassName("app.Main$Inner")).isEqualTo("app.Main$Inner");
        assertThat(Frame.stableClassName("app.x0abc.Main")).isEqualTo("app.x0abc.Main");
        assertThat(Frame.of("java.util.concurrent.ForkJoinTask", "doExec", 1, 2).kind()).isEqualTo(FrameKind.RUNTIME);
    }
}
