package dev.o3.freon.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestReportOutputs {
    @TempDir
    Path directory;

    private static LoadReport report(String name, long microsPerOperation) {
        Histogram histogram = new Histogram(3);
        for (int i = 1; i <= 1000; i++) {
            histogram.recordValue(microsPerOperation * i / 100);
        }
        return new LoadReport(
                name, 1002, 2, Duration.ofSeconds(2), 1000L << 20, histogram, Map.of("IOException: x", 2L));
    }

    @Test
    void summaryShowsThroughputPercentilesAndFailures() {
        StringWriter out = new StringWriter();

        report("ockg", 1000).print(new PrintWriter(out));

        assertThat(out.toString())
                .contains("ockg: 1002 operations, 2 failures in 2.0 s")
                .contains("throughput: 500.0 ops/s, 500.00 MB/s")
                .contains("p50 5.00")
                .contains("failed 2 x: IOException: x");
    }

    @Test
    void jsonHasTheSummaryAndTheDistribution() throws IOException {
        Path file = directory.resolve("report.json");

        ReportJson.write(file, report("ockg", 1000));

        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(json.get("operations").asLong()).isEqualTo(1002);
        assertThat(json.get("failures").asLong()).isEqualTo(2);
        assertThat(json.get("latencyMillis").get("p99").asDouble()).isBetween(9.8, 10.0);
        assertThat(json.get("histogram").size()).isGreaterThan(10);
    }

    @Test
    void jsonReadsBackWithTheFullHistogram() throws IOException {
        Path file = directory.resolve("report.json");
        LoadReport original = report("ockg", 1000);
        ReportJson.write(file, original);

        LoadReport read = ReportJson.read(file);

        assertThat(read.latencyMicros()).isEqualTo(original.latencyMicros());
        assertThat(read.operations()).isEqualTo(original.operations());
        assertThat(read.errors()).isEqualTo(original.errors());
        assertThat(read.operationsPerSecond()).isEqualTo(original.operationsPerSecond());
    }

    @Test
    void pngAndSvgPlotsDrawEverySeries() throws IOException {
        List<LoadReport> runs = List.of(report("single-raft", 3000), report("multi-raft", 1000));
        Path png = directory.resolve("latency.png");
        Path svg = directory.resolve("latency.svg");

        LatencyPlot.write(png, "ockg", runs);
        LatencyPlot.write(svg, "ockg", runs);

        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(900);
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        assertThat(text).startsWith("<svg").contains("single-raft").contains("multi-raft");
        assertThat(text.split("<polyline", -1)).hasSize(3);
        assertThatThrownBy(() -> LatencyPlot.write(directory.resolve("x.jpg"), "t", runs))
                .hasMessageContaining(".png or .svg");
    }
}
