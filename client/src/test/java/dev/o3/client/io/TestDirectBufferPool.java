package dev.o3.client.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class TestDirectBufferPool {
    private static final int SMALLEST = 64 * 1024;

    @Test
    void buffersComeInPowerOfTwoSizesLimitedToTheSizeAsked() {
        DirectBufferPool pool = new DirectBufferPool(1 << 20);

        ByteBuffer tiny = pool.take(1);
        ByteBuffer exact = pool.take(SMALLEST);
        ByteBuffer above = pool.take(SMALLEST + 1);

        assertThat(tiny.isDirect()).isTrue();
        assertThat(tiny.capacity()).isEqualTo(SMALLEST);
        assertThat(tiny.position()).isZero();
        assertThat(tiny.limit()).isEqualTo(1);
        assertThat(exact.capacity()).isEqualTo(SMALLEST);
        assertThat(above.capacity()).isEqualTo(2 * SMALLEST);
        assertThat(above.limit()).isEqualTo(SMALLEST + 1);
    }

    @Test
    void aBufferGivenBackServesTheNextTakeOfItsSize() {
        DirectBufferPool pool = new DirectBufferPool(1 << 20);
        ByteBuffer first = pool.take(1000);
        first.position(500);
        pool.give(first);
        assertThat(pool.idleBytes()).isEqualTo(SMALLEST);

        ByteBuffer larger = pool.take(SMALLEST + 1);
        ByteBuffer again = pool.take(2000);

        assertThat(larger).isNotSameAs(first);
        assertThat(again).isSameAs(first);
        assertThat(again.position()).isZero();
        assertThat(again.limit()).isEqualTo(2000);
        assertThat(pool.idleBytes()).isZero();
        assertThat(pool.made()).isEqualTo(2);
    }

    @Test
    void buffersBeyondTheIdleLimitAreDropped() {
        DirectBufferPool pool = new DirectBufferPool(SMALLEST);
        ByteBuffer kept = pool.take(10);
        ByteBuffer dropped = pool.take(10);

        pool.give(kept);
        pool.give(dropped);

        assertThat(pool.idleBytes()).isEqualTo(SMALLEST);
        assertThat(pool.take(10)).isSameAs(kept);
        assertThat(pool.take(10)).isNotSameAs(dropped);
    }

    @Test
    void refusesBuffersItCannotHaveMade() {
        DirectBufferPool pool = new DirectBufferPool(1 << 20);

        assertThatThrownBy(() -> pool.give(ByteBuffer.allocate(SMALLEST))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> pool.give(ByteBuffer.allocateDirect(SMALLEST + 1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> pool.take(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(pool.idleBytes()).isZero();
    }
}
