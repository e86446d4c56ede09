package dev.o3.freon.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/** Writes a report as JSON: the summary plus the full latency distribution (percentile -> milliseconds). */
public final class ReportJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReportJson() {}

    public static void write(Path file, LoadReport report) throws IOException {
        JSON.writeValue(file.toFile(), toMap(report));
    }

    static Map<String, Object> toMap(LoadReport report) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("generator", report.name());
        json.put("operations", report.operations());
        json.put("failures", report.failures());
        json.put("elapsedSeconds", report.elapsed().toNanos() / 1e9);
        json.put("bytes", report.bytes());
        json.put("operationsPerSecond", report.operationsPerSecond());
        json.put("megabytesPerSecond", report.megabytesPerSecond());
        Map<String, Double> percentiles = new LinkedHashMap<>();
        for (double percentile : LoadReport.PERCENTILES) {
            percentiles.put(
                    "p"
                            + (percentile == Math.rint(percentile)
                                    ? Integer.toString((int) percentile)
                                    : Double.toString(percentile)),
                    report.percentileMillis(percentile));
        }
        percentiles.put("max", report.maxMillis());
        json.put("latencyMillis", percentiles);
        json.put("errors", report.errors());
        json.put("histogram", distribution(report));
        json.put("hdrHistogram", encode(report.latencyMicros()));
        return json;
    }

    /**
     * Reads back a report written by {@link #write}, with its full histogram (for plotting several runs together).
     *
     * @throws IOException when the file is unreadable or not a freon report
     */
    public static LoadReport read(Path file) throws IOException {
        JsonNode json = JSON.readTree(file.toFile());
        JsonNode encoded = json.get("hdrHistogram");
        if (encoded == null) {
            throw new IOException(file + " is not a freon --json report");
        }
        Map<String, Long> errors = new LinkedHashMap<>();
        json.path("errors")
                .properties()
                .forEach(entry -> errors.put(entry.getKey(), entry.getValue().asLong()));
        try {
            Histogram histogram = Histogram.decodeFromCompressedByteBuffer(
                    ByteBuffer.wrap(Base64.getDecoder().decode(encoded.asText())), 0);
            return new LoadReport(
                    json.path("generator").asText(),
                    json.path("operations").asLong(),
                    json.path("failures").asLong(),
                    Duration.ofNanos((long) (json.path("elapsedSeconds").asDouble() * 1e9)),
                    json.path("bytes").asLong(),
                    histogram,
                    errors);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IOException(file + ": unreadable histogram: " + e.getMessage(), e);
        }
    }

    private static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    private static List<Map<String, Object>> distribution(LoadReport report) {
        List<Map<String, Object>> points = new ArrayList<>();
        if (report.latencyMicros().getTotalCount() == 0) {
            return points;
        }
        for (HistogramIterationValue value : report.latencyMicros().percentiles(5)) {
            Map<String, Object> point = new LinkedHashMap<>();
            point.put("percentile", value.getPercentileLevelIteratedTo());
            point.put("latencyMillis", value.getValueIteratedTo() / 1000.0);
            point.put("count", value.getTotalCountToThisValue());
            points.add(point);
        }
        return points;
    }
}
