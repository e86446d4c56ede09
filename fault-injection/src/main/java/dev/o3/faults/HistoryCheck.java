package dev.o3.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of a history that need no search: acknowledged writes found again at the end, no read of bytes that
 * no write sent (a torn or foreign value), no listed key outside the workload's keys. Porcupine then checks the
 * order of everything ({@link Linearizability}).
 */
final class HistoryCheck {
    private final List<String> failures = new ArrayList<>();
    private int acknowledged;
    private int unknown;
    private int lost;

    HistoryCheck(List<Op> ops, Map<String, String> finalValues, History history) {
        for (Op op : ops) {
            if (op.isWrite() && op.outcome() == Op.Outcome.OK) {
                acknowledged++;
            } else if (op.isWrite() && op.outcome() == Op.Outcome.UNKNOWN) {
                unknown++;
            } else if (op.op().equals("get")
                    && op.outcome() == Op.Outcome.OK
                    && !op.value().isEmpty()
                    && !history.wasSent(op.key(), op.value())) {
                failures.add("read of bytes no write sent: " + op);
            } else if (op.op().equals("foreign")) {
                failures.add("listing shows a key no client wrote: " + op);
            }
        }
        finalValues.forEach((key, value) -> lastWriteKept(ops, key, value));
    }

    /**
     * A key's acknowledged write that every other possible write on the key preceded (returned before it was called)
     * must be what the key holds at the end.
     */
    private void lastWriteKept(List<Op> ops, String key, String finalValue) {
        List<Op> writes = ops.stream()
                .filter(op -> op.key().equals(key) && op.isWrite() && op.outcome() != Op.Outcome.FAILED)
                .toList();
        for (int i = 0; i < writes.size(); i++) {
            Op write = writes.get(i);
            if (write.outcome() != Op.Outcome.OK) {
                continue;
            }
            boolean last = true;
            for (int j = 0; j < writes.size() && last; j++) {
                Op other = writes.get(j);
                last = j == i || (other.ret() >= 0 && other.ret() < write.call());
            }
            if (last && !write.value().equals(finalValue)) {
                lost++;
                failures.add("acknowledged write lost: " + write + ", key holds '" + finalValue + "' at the end");
            }
        }
    }

    /** Operations the porcupine checker models: successful reads and listings, acknowledged and unknown writes. */
    static List<Op> forChecker(List<Op> ops) {
        Set<String> modelled = Set.of("put", "delete", "deleteMissing", "get", "exists");
        return ops.stream()
                .filter(op -> modelled.contains(op.op()))
                .filter(op -> op.isWrite() ? op.outcome() != Op.Outcome.FAILED : op.outcome() == Op.Outcome.OK)
                .toList();
    }

    List<String> failures() {
        return failures;
    }

    int acknowledged() {
        return acknowledged;
    }

    int unknown() {
        return unknown;
    }

    int lost() {
        return lost;
    }
}
