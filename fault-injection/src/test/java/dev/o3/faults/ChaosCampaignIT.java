package dev.o3.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The CI tier of the fault-injection campaign (docs/reliability.md): a fixed seed against the packaged daemons, every
 * fault kind injected at least once (or skipped with the machine's reason), then the checks: no acknowledged write
 * lost, no torn read, exact listings, no key's history found non-linearizable by Porcupine, and the cluster whole
 * again on its own. Keys are replaced after {@value #OPS_PER_KEY} operations or {@value #UNKNOWN_PER_KEY}
 * unknown-outcome writes, so each key's search stays small; should Porcupine still not decide a key within its
 * timeout, the verdict is Unknown, which this test accepts (the durability checks above still hold) and the report
 * shows. A failure names the seed and the directory that keeps the history, the report and every daemon's log.
 */
@Tag("integration")
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ChaosCampaignIT {
    private static final long SEED = 20261125L;
    private static final int OPS_PER_KEY = 120;
    private static final int UNKNOWN_PER_KEY = 4;

    @Test
    void everyFaultKindLeavesAcknowledgedWritesAndLinearizableHistory() throws Exception {
        Path output = Path.of("target/chaos/seed-" + SEED).toAbsolutePath();
        RunOptions options = new RunOptions(
                SEED,
                1,
                Duration.ofSeconds(170),
                List.of(FaultKind.values()),
                4,
                8,
                OPS_PER_KEY,
                UNKNOWN_PER_KEY,
                Duration.ofMinutes(2),
                5,
                Integer.getInteger("o3.faults.port.base", 23800),
                output,
                SoakCommand.findDistribution(Path.of(System.getProperty("o3.faults.dist", "target/dist"))),
                Path.of(System.getProperty("o3.faults.checker", "src/main/go")).toAbsolutePath());

        List<Map<String, Object>> reports = new ChaosRun(options).run();
        assertThat(reports).hasSize(1);
        Map<String, Object> report = reports.get(0);

        String replay = "seed " + SEED + ", history and logs in " + output + ": " + report.get("failures");
        assertThat(report.get("failures")).as(replay).isEqualTo(List.of());
        assertThat(report.get("lost")).as(replay).isEqualTo(0);
        assertThat(report.get("porcupine")).as(replay).isIn("Ok", "Unknown");
        assertThat((Integer) report.get("acknowledgedWrites")).as(replay).isGreaterThan(20);
        Set<String> covered = new HashSet<>(((Map<?, ?>) report.get("faultsByKind"))
                .keySet().stream().map(Object::toString).toList());
        covered.addAll(((Map<?, ?>) report.get("faultsSkipped"))
                .keySet().stream().map(Object::toString).toList());
        assertThat(covered)
                .as("every fault kind injected or skipped with a reason; " + replay)
                .containsAll(
                        Arrays.stream(FaultKind.values()).map(FaultKind::label).toList());
    }
}
