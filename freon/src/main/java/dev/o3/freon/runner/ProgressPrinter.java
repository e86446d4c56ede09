package dev.o3.freon.runner;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * Shows progress: a bar redrawn in place on a terminal, or a plain line every {@code lineInterval} when the output is
 * a file or pipe (so logs stay readable). Not thread-safe: called from the runner's progress thread only.
 */
public final class ProgressPrinter implements ProgressListener {
    private static final int BAR_WIDTH = 30;

    private final PrintWriter out;
    private final boolean terminal;
    private final Duration lineInterval;
    private Duration lastLine = Duration.ZERO;

    public ProgressPrinter(PrintWriter out, boolean terminal, Duration lineInterval) {
        this.out = out;
        this.terminal = terminal;
        this.lineInterval = lineInterval;
    }

    @Override
    public void update(long done, long failures, OptionalLong total, Duration elapsed, Duration planned) {
        double fraction = total.isPresent()
                ? (double) done / total.getAsLong()
                : Math.min(1.0, (double) elapsed.toMillis() / Math.max(1, planned.toMillis()));
        double rate = elapsed.toMillis() == 0 ? 0 : done * 1000.0 / elapsed.toMillis();
        String counts = total.isPresent() ? done + "/" + total.getAsLong() : Long.toString(done);
        String text = String.format(
                "%3d%% %s ops, %.1f ops/s, %d failures, %ds",
                (int) (fraction * 100), counts, rate, failures, elapsed.toSeconds());
        if (terminal) {
            int filled = (int) (fraction * BAR_WIDTH);
            out.print("\r[" + "=".repeat(filled) + " ".repeat(BAR_WIDTH - filled) + "] " + text);
            out.flush();
        } else if (elapsed.minus(lastLine).compareTo(lineInterval) >= 0) {
            lastLine = elapsed;
            out.println("progress: " + text);
        }
    }

    @Override
    public void finish() {
        if (terminal) {
            out.println();
        }
    }
}
