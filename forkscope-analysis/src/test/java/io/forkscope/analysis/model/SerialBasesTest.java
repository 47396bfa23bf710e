package io.forkscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Bases a user names for T1'(n): read into one spelling, evaluated as written, refused in one line. */
class SerialBasesTest {
    @Test
    void equationElevensNamesAreTheirOwnCanonicalSpelling() {
        assertThat(SerialBases.parse(String.join(",", ModelBases.SERIAL_WORK))).isEqualTo(ModelBases.SERIAL_WORK);
        assertThat(SerialBases.parse(" n  lg n , n^2.81,1, N*LG^2 N, n^3.0 lglg n,lg n"))
                .containsExactly("n lg n", "n^2.81", "1", "n lg^2 n", "n^3 lglg n", "lg n");
    }

    @Test
    void featuresAreTheProductsWritten() {
        for (double s : new double[] {0, 1, 2, 1000, 1e6}) {
            assertThat(SerialBases.features(s, ModelBases.SERIAL_WORK)).isEqualTo(ModelBases.serialWork(s));
            // Eq. 11's list read back from a user's spelling gives the same doubles
            assertThat(SerialBases.features(s, SerialBases.parse(String.join(", ", ModelBases.SERIAL_WORK))))
                    .isEqualTo(ModelBases.serialWork(s));
            // and each basis on its own, evaluated as a product, the same doubles as Eq. 11's expressions
            double[] eq11 = ModelBases.serialWork(s);
            for (int j = 0; j < eq11.length; j++) {
                assertThat(SerialBases.term(ModelBases.SERIAL_WORK.get(j)).at(s)).isEqualTo(eq11[j]);
            }
        }
        double s = 2048;                       // lg s = 11, lglg s = lg 11
        double[] f = SerialBases.features(s, List.of("n^2.81", "n lg^2 n", "lg n", "1", "n^3 lglg n"));
        assertThat(f[0]).isCloseTo(Math.pow(2048, 2.81), within(Math.pow(2048, 2.81) * 1e-15));
        assertThat(f[1]).isEqualTo(2048.0 * 121);
        assertThat(f[2]).isEqualTo(11.0);
        assertThat(f[3]).isEqualTo(1.0);
        assertThat(f[4]).isCloseTo(2048.0 * 2048 * 2048 * Math.log(11) / Math.log(2), within(1e-3));
    }

    @Test
    void whatDoesNotReadIsRefusedInOneLine() {
        for (String bad : new String[] {"n ln n", "n^-1", "n^0", "lg", "lg^2", "2n", "", "n,,n^2", "e^n", "n^x"}) {
            assertThatThrownBy(() -> SerialBases.parse(bad)).as(bad).isInstanceOf(SerialBases.Unreadable.class)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
        assertThatThrownBy(() -> SerialBases.parse("n lg n, n*lg n")).hasMessageContaining("'n lg n' is given twice");
        assertThat(SerialBases.readable(List.of("n^2.81"))).isTrue();
        assertThat(SerialBases.readable(List.of("n ln n"))).isFalse();
        assertThat(SerialBases.readable(List.of())).isFalse();
    }
}
