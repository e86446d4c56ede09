package dev.o3.scm.replication;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The result of one scan: containers per health state with a sample of their ids, and each container's health.
 *
 * @param generatedAt when the scan ran
 * @param counts containers per health state, every state listed
 * @param samples up to the configured sample limit of container ids per health state, lowest first
 * @param healthById each assessed container's health
 */
public record ReplicationReport(
        Instant generatedAt,
        Map<ContainerHealth, Long> counts,
        Map<ContainerHealth, List<Long>> samples,
        Map<Long, ContainerHealth> healthById) {
    public ReplicationReport {
        Objects.requireNonNull(generatedAt, "generatedAt is null");
        counts = Map.copyOf(counts);
        samples = Map.copyOf(samples);
        healthById = Map.copyOf(healthById);
    }

    /** A report from the assessments of one scan. */
    static ReplicationReport of(Instant generatedAt, List<Assessment> assessments, int sampleLimit) {
        Map<ContainerHealth, Long> counts = new EnumMap<>(ContainerHealth.class);
        Map<ContainerHealth, List<Long>> samples = new EnumMap<>(ContainerHealth.class);
        for (ContainerHealth health : ContainerHealth.values()) {
            counts.put(health, 0L);
            samples.put(health, new ArrayList<>());
        }
        Map<Long, ContainerHealth> byId = new HashMap<>();
        assessments.stream()
                .sorted(Comparator.comparingLong(a -> a.container().id()))
                .forEach(a -> {
                    counts.merge(a.health(), 1L, Long::sum);
                    List<Long> sample = samples.get(a.health());
                    if (sample.size() < sampleLimit) {
                        sample.add(a.container().id());
                    }
                    byId.put(a.container().id(), a.health());
                });
        samples.replaceAll((health, ids) -> List.copyOf(ids));
        return new ReplicationReport(generatedAt, counts, samples, byId);
    }

    public Optional<ContainerHealth> health(long containerId) {
        return Optional.ofNullable(healthById.get(containerId));
    }
}
