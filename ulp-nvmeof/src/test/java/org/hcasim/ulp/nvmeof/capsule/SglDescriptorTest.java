package org.hcasim.ulp.nvmeof.capsule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class SglDescriptorTest {

    @Test
    void keyed_descriptor_with_invalidate_is_type_byte_0x4F_and_little_endian_fields() {
        byte[] b = new byte[16];
        SglDescriptor.keyed(0x1122334455667788L, 0x0ABCDE, 0xCAFEBABE, true).encode(b, 0);
        assertThat(b).containsExactly(
                0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, // address, 8 bytes LE
                0xDE, 0xBC, 0x0A,                               // length, 3 bytes LE
                0xBE, 0xBA, 0xFE, 0xCA,                         // key, 4 bytes LE
                0x4F);                                          // keyed data block, invalidate
    }

    @Test
    void keyed_descriptor_without_invalidate_is_type_byte_0x40() {
        byte[] b = new byte[16];
        SglDescriptor.keyed(4096, 512, 0x100, false).encode(b, 0);
        assertThat(b[15] & 0xFF).isEqualTo(0x40);
        assertThat(SglDescriptor.decode(b, 0).asksInvalidate()).isFalse();
    }

    @Test
    void in_capsule_descriptor_is_a_data_block_with_offset_subtype() {
        byte[] b = new byte[16];
        SglDescriptor.inCapsule(4096).encode(b, 0);
        assertThat(b[15] & 0xFF).isEqualTo(0x01);
        assertThat(b[8] & 0xFF).isZero();
        assertThat(b[9] & 0xFF).isEqualTo(0x10);
        SglDescriptor d = SglDescriptor.decode(b, 0);
        assertThat(d.isInCapsule()).isTrue();
        assertThat(d.length()).isEqualTo(4096);
    }

    @Test
    void keyed_length_must_fit_three_bytes() {
        assertThatThrownBy(() -> SglDescriptor.keyed(0, 1 << 24, 1, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not fit");
    }

    @Property
    void keyed_descriptors_survive_encoding(@ForAll long address, @ForAll @LongRange(min = 0, max = (1 << 24) - 1) long length,
                                            @ForAll int key, @ForAll boolean invalidate) {
        byte[] b = new byte[20];
        SglDescriptor d = SglDescriptor.keyed(address, length, key, invalidate);
        d.encode(b, 2);
        assertThat(SglDescriptor.decode(b, 2)).isEqualTo(d);
    }
}
