package dev.o3.freon.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        return json;
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
