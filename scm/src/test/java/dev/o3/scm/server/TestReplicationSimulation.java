package dev.o3.scm.server;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded simulation of the replication manager (STYLE rule 39), see {@link ReplicationSimulation}. A failure names
 * its seed; {@code -Dscm.replication.seed=N} replays that seed alone.
 */
@Timeout(300)
class TestReplicationSimulation {
    private static final int SEEDS = 100;
    private static final int STEPS = 80;

    @TempDir
    Path directory;

    @Test
    void deathsReturnsAndCorruptionConvergeToThreeHealthyReplicasOnTwoRacks() {
        String only = System.getProperty("scm.replication.seed");
        long first = only == null ? 0 : Long.parseLong(only);
        long last = only == null ? SEEDS - 1 : first;
        for (long seed = first; seed <= last; seed++) {
            try (ReplicationSimulation simulation = ReplicationSimulation.of(seed, directory.resolve("seed-" + seed))) {
                try {
                    simulation.runRandom(STEPS);
                    simulation.converge();
                    simulation.assertConverged();
                } catch (AssertionError e) {
                    throw new AssertionError(
                            "seed " + seed + " (replay with -Dscm.replication.seed=" + seed + "): " + e.getMessage()
                                    + "\nevents:\n" + simulation.trace(),
                            e);
                }
            }
        }
    }
}
