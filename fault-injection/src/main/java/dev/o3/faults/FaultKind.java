package dev.o3.faults;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The catalogue of faults (docs/reliability.md describes each). */
enum FaultKind {
    KILL_DATANODE,
    KILL_OM_LEADER,
    KILL_SCM,
    KILL_GATEWAY,
    PAUSE,
    DISK_FULL,
    VOLUME_FAILURE,
    CORRUPT_BLOCK,
    TRUNCATE_BLOCK,
    CLOCK_SKEW,
    PARTITION;

    String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Parses "all" or a comma-separated list of labels (kill-datanode,pause,...). */
    static List<FaultKind> parse(String list) {
        if (list.equals("all")) {
            return List.of(values());
        }
        return java.util.regex.Pattern.compile(",")
                .splitAsStream(list)
                .map(String::strip)
                .map(label -> Arrays.stream(values())
                        .filter(kind -> kind.label().equals(label))
                        .findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("unknown fault '" + label + "'; one of "
                                + Arrays.stream(values()).map(FaultKind::label).toList())))
                .toList();
    }
}
