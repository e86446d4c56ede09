package dev.o3.server.metrics;

import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The one naming scheme of O3's metrics (STYLE.md rule 33): {@code o3_<component>_<name>}, snake_case, the unit last
 * ({@code _seconds}, {@code _bytes}; counters get {@code _total} on the wire), and a help text on every metric.
 * Components are {@code om}, {@code scm}, {@code datanode} and {@code s3g}.
 */
public final class MetricScheme {
    /** The components that export metrics, each the second word of its metrics' names. */
    public static final Set<String> COMPONENTS = Set.of("om", "scm", "datanode", "s3g");

    private static final Pattern SNAKE_CASE = Pattern.compile("[a-z][a-z0-9]*(_[a-z0-9]+)*");

    private MetricScheme() {}

    /**
     * The prefix of every metric name of a component, e.g. {@code o3_om_}.
     *
     * @throws IllegalArgumentException for a component not in {@link #COMPONENTS}
     */
    public static String prefix(String component) {
        if (!COMPONENTS.contains(component)) {
            throw new IllegalArgumentException("component must be one of " + COMPONENTS + ": '" + component + "'");
        }
        return "o3_" + component + "_";
    }

    /** What breaks the scheme among the metrics of a component's registry scrape, one line each; empty if none. */
    public static List<String> violations(String component, MetricSnapshots snapshots) {
        String prefix = prefix(component);
        List<String> violations = new ArrayList<>();
        for (MetricSnapshot snapshot : snapshots) {
            MetricMetadata metadata = snapshot.getMetadata();
            String name = metadata.getPrometheusName();
            if (!name.startsWith(prefix)) {
                violations.add(name + ": does not start with " + prefix);
            }
            if (!SNAKE_CASE.matcher(name).matches()) {
                violations.add(name + ": not snake_case");
            }
            if (metadata.getHelp() == null || metadata.getHelp().isBlank()) {
                violations.add(name + ": no help text");
            }
        }
        return violations;
    }
}
