package org.hcasim.dist.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NumbersTest {

    @Test
    void simulatedValuesKeepTheReferencesPrecisionAndAtLeastThreeDigits() {
        assertThat(Numbers.besideReference(1290.137, 1)).isEqualTo("1290.1");
        assertThat(Numbers.besideReference(1879.7, 0)).isEqualTo("1880");
        assertThat(Numbers.besideReference(3.734, 0)).isEqualTo("3.73");
        assertThat(Numbers.besideReference(0.01234, 2)).isEqualTo("0.0123");
        assertThat(Numbers.besideReference(0, 1)).isEqualTo("0.0");
    }

    @Test
    void csvValuesHaveSixSignificantDigitsInPlainNotation() {
        assertThat(Numbers.significant(1879.699248, 6)).isEqualTo("1879.7");
        assertThat(Numbers.significant(1.0e7 / 3, 6)).isEqualTo("3333330");
        assertThat(Numbers.significant(-0.000012345678, 6)).isEqualTo("-0.0000123457");
        assertThat(Numbers.csvRounded(2 / 3.0)).isEqualTo(0.666667);
    }
}
