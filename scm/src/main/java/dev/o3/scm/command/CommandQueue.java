package dev.o3.scm.command;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

/**
 * Commands waiting for each datanode's next heartbeat. Command ids are unique within this SCM run. Thread-safe.
 */
public final class CommandQueue {
    private final AtomicLong nextId = new AtomicLong(1);

    @GuardedBy("this")
    private final Map<String, List<DatanodeCommand>> pending = new HashMap<>();

    /** A fresh command id. */
    public long nextCommandId() {
        return nextId.getAndIncrement();
    }

    /** Queues the command built from a fresh id for {@code datanodeUuid}. */
    public void add(String datanodeUuid, LongFunction<DatanodeCommand> command) {
        DatanodeCommand built = command.apply(nextCommandId());
        synchronized (this) {
            pending.computeIfAbsent(datanodeUuid, uuid -> new ArrayList<>()).add(built);
        }
    }

    /** Queues a command built with an id from {@link #nextCommandId()} for {@code datanodeUuid}. */
    public synchronized void add(String datanodeUuid, DatanodeCommand command) {
        pending.computeIfAbsent(datanodeUuid, uuid -> new ArrayList<>()).add(command);
    }

    /** Removes and returns the node's queued commands, oldest first. */
    public synchronized List<DatanodeCommand> drain(String datanodeUuid) {
        List<DatanodeCommand> commands = pending.remove(datanodeUuid);
        return commands == null ? List.of() : commands;
    }

    /** Drops a node's queued commands (it died or re-registered). */
    public synchronized void clear(String datanodeUuid) {
        pending.remove(datanodeUuid);
    }
}
