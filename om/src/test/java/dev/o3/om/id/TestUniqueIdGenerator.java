package dev.o3.om.id;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class TestUniqueIdGenerator {
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void idsIncreaseWithinOneMillisecond() {
        UniqueIdGenerator generator = new UniqueIdGenerator(Clock.fixed(NOW, ZoneOffset.UTC));

        long first = generator.next();
        long second = generator.next();

        assertThat(second).isEqualTo(first + 1);
        assertThat(UniqueIdGenerator.timestampMillis(first)).isEqualTo(NOW.toEpochMilli());
    }

    @Test
    void idsNeverGoBackWhenTheClockDoes() {
        MutableClock clock = new MutableClock(NOW);
        UniqueIdGenerator generator = new UniqueIdGenerator(clock);
        long before = generator.next();

        clock.instant = NOW.minusSeconds(60);

        assertThat(generator.next()).isGreaterThan(before);
    }

    @Test
    void advancePastSkipsIdsFoundOnDisk() {
        UniqueIdGenerator generator = new UniqueIdGenerator(Clock.fixed(NOW, ZoneOffset.UTC));
        long onDisk = generator.next() + 1_000_000;

        generator.advancePast(onDisk);

        assertThat(generator.next()).isEqualTo(onDisk + 1);
    }

    private static final class MutableClock extends Clock {
        private Instant instant;

        MutableClock(Instant instant) {
            this.instant = instant;
        }

        @Override
        public Instant instant() {
            return instant;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
