package dev.o3.datanode.metrics;

/**
 * Totals of a timer: how many events and their summed duration.
 *
 * @param count timed events
 * @param totalNanos summed duration in nanoseconds
 */
public record TimerTotals(long count, long totalNanos) {
    public static final TimerTotals ZERO = new TimerTotals(0, 0);

    public TimerTotals plus(TimerTotals other) {
        return new TimerTotals(count + other.count, totalNanos + other.totalNanos);
    }
}
