package io.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class ByteSizeTest {
    private final ByteSize size = new ByteSize();

    @Test
    void bytesOrBinaryUnits() {
        assertThat(size.convert("0")).isZero();
        assertThat(size.convert("1000")).isEqualTo(1000L);
        assertThat(size.convert("64k")).isEqualTo(64L << 10);
        assertThat(size.convert("512M")).isEqualTo(512L << 20);
        assertThat(size.convert("2g")).isEqualTo(2L << 30);
        assertThat(size.convert(" 3G ")).isEqualTo(3L << 30);
    }

    @Test
    void notASize() {
        for (String bad : new String[] {"", "M", "1.5G", "-1", "512MB", "12T", "9999999999999G"}) {
            assertThatThrownBy(() -> size.convert(bad)).as(bad).isInstanceOf(TypeConversionException.class)
                    .hasMessageContaining("'" + bad + "'");
        }
    }

    @Test
    void formattedInTheLargestUnitThatDividesIt() {
        assertThat(ByteSize.format(512L << 20)).isEqualTo("512M");
        assertThat(ByteSize.format(1L << 30)).isEqualTo("1G");
        assertThat(ByteSize.format(1536L << 20)).isEqualTo("1536M");
        assertThat(ByteSize.format(3L << 10)).isEqualTo("3K");
        assertThat(ByteSize.format(1000)).isEqualTo("1000");
        assertThat(ByteSize.format(0)).isEqualTo("0");
        for (long b : new long[] {0, 1, 1000, 1L << 10, 5L << 20, 7L << 30, 123_456_789}) {
            assertThat(new ByteSize().convert(ByteSize.format(b))).isEqualTo(b);
        }
    }
}
