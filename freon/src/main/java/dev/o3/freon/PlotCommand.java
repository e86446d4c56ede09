package dev.o3.freon;

import dev.o3.freon.report.LatencyPlot;
import dev.o3.freon.report.LoadReport;
import dev.o3.freon.report.ReportJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ozone freon plot}: several runs' latency distributions in one plot, plus a comparison table. */
@Command(
        name = "plot",
        mixinStandardHelpOptions = true,
        description = "Plot the latency distributions of --json reports together and print a comparison table.")
public final class PlotCommand implements Callable<Integer> {
    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Plot file (.png or .svg).")
    private Path out;

    @Option(names = "--title", defaultValue = "freon latency", description = "Plot title.")
    private String title;

    @Parameters(paramLabel = "NAME=REPORT.json", arity = "1..*", description = "Series name and freon --json report.")
    private List<String> series;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        List<LoadReport> reports = new ArrayList<>();
        for (String entry : series) {
            int equals = entry.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("expected NAME=REPORT.json, got '" + entry + "'");
            }
            LoadReport report = ReportJson.read(Path.of(entry.substring(equals + 1)));
            reports.add(new LoadReport(
                    entry.substring(0, equals),
                    report.operations(),
                    report.failures(),
                    report.elapsed(),
                    report.bytes(),
                    report.latencyMicros(),
                    report.errors()));
        }
        LatencyPlot.write(out, title, reports);
        var table = spec.commandLine().getOut();
        table.println("| run | operations | failures | ops/s | MB/s | p50 ms | p90 ms | p99 ms | max ms |");
        table.println("|---|---|---|---|---|---|---|---|---|");
        for (LoadReport report : reports) {
            table.printf(
                    "| %s | %d | %d | %.1f | %.2f | %.2f | %.2f | %.2f | %.2f |%n",
                    report.name(),
                    report.operations(),
                    report.failures(),
                    report.operationsPerSecond(),
                    report.megabytesPerSecond(),
                    report.percentileMillis(50),
                    report.percentileMillis(90),
                    report.percentileMillis(99),
                    report.maxMillis());
        }
        return 0;
    }
}
