package dev.o3.freon.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Plots latency distributions of one or more runs: latency (ms) against percentile on the usual HdrHistogram axis
 * ({@code 1/(1-p)}, log scale), so the tail is as visible as the median. The file extension picks PNG or SVG.
 */
public final class LatencyPlot {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 500;
    private static final int LEFT = 70;
    private static final int RIGHT = 30;
    private static final int TOP = 40;
    private static final int BOTTOM = 50;
    private static final double[] TICKS = {0, 90, 99, 99.9, 99.99};
    private static final Color[] SERIES = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e), new Color(0x9467bd)
    };

    private LatencyPlot() {}

    /**
     * Draws the runs into {@code file} ({@code .png} or {@code .svg}).
     *
     * @throws IllegalArgumentException for another extension
     */
    public static void write(Path file, String title, List<LoadReport> reports) throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        PlotCanvas canvas;
        if (name.endsWith(".svg")) {
            canvas = new SvgCanvas(WIDTH, HEIGHT);
        } else if (name.endsWith(".png")) {
            canvas = new PngCanvas(WIDTH, HEIGHT);
        } else {
            throw new IllegalArgumentException("plot file must end in .png or .svg: " + file);
        }
        draw(canvas, title, reports);
        canvas.save(file);
    }

    private static void draw(PlotCanvas canvas, String title, List<LoadReport> reports) {
        double maxMillis =
                reports.stream().mapToDouble(LoadReport::maxMillis).max().orElse(1);
        double top = niceCeiling(Math.max(maxMillis, 0.001));
        double maxX = x(99.99);
        canvas.text(LEFT, TOP - 15, title, Color.BLACK);
        canvas.line(LEFT, HEIGHT - BOTTOM, WIDTH - RIGHT, HEIGHT - BOTTOM, Color.BLACK);
        canvas.line(LEFT, TOP, LEFT, HEIGHT - BOTTOM, Color.BLACK);
        for (double tick : TICKS) {
            double px = LEFT + x(tick) / maxX * (WIDTH - LEFT - RIGHT);
            canvas.line(px, HEIGHT - BOTTOM, px, TOP, Color.LIGHT_GRAY);
            canvas.text(px - 12, HEIGHT - BOTTOM + 18, formatPercentile(tick), Color.BLACK);
        }
        for (int i = 0; i <= 4; i++) {
            double value = top * i / 4;
            double py = HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * i / 4.0;
            canvas.line(LEFT, py, WIDTH - RIGHT, py, Color.LIGHT_GRAY);
            canvas.text(5, py + 4, String.format(Locale.ROOT, "%.1f ms", value), Color.BLACK);
        }
        canvas.text(WIDTH / 2.0 - 30, HEIGHT - 12, "percentile", Color.BLACK);
        for (int s = 0; s < reports.size(); s++) {
            Color color = SERIES[s % SERIES.length];
            LoadReport report = reports.get(s);
            series(canvas, report, top, maxX, color);
            canvas.text(
                    LEFT + 15,
                    TOP + 18 + 16 * s,
                    String.format(
                            Locale.ROOT,
                            "%s: p50 %.2f ms, p99 %.2f ms, %.0f ops/s",
                            report.name(),
                            report.percentileMillis(50),
                            report.percentileMillis(99),
                            report.operationsPerSecond()),
                    color);
        }
    }

    private static void series(PlotCanvas canvas, LoadReport report, double top, double maxX, Color color) {
        if (report.latencyMicros().getTotalCount() == 0) {
            return;
        }
        List<double[]> points = new ArrayList<>();
        for (HistogramIterationValue value : report.latencyMicros().percentiles(5)) {
            double percentile = Math.min(99.99, value.getPercentileLevelIteratedTo());
            double px = LEFT + x(percentile) / maxX * (WIDTH - LEFT - RIGHT);
            double py = HEIGHT - BOTTOM - value.getValueIteratedTo() / 1000.0 / top * (HEIGHT - TOP - BOTTOM);
            points.add(new double[] {px, py});
        }
        double[] xs = points.stream().mapToDouble(point -> point[0]).toArray();
        double[] ys = points.stream().mapToDouble(point -> point[1]).toArray();
        canvas.polyline(xs, ys, color);
    }

    /** Position on the percentile axis: log10(1/(1-p)). */
    private static double x(double percentile) {
        return Math.log10(1 / (1 - percentile / 100));
    }

    private static double niceCeiling(double value) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 5, 10}) {
            if (step * magnitude >= value) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private static String formatPercentile(double percentile) {
        return percentile == Math.rint(percentile) ? (int) percentile + "%" : percentile + "%";
    }
}
