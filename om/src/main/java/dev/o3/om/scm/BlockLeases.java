package dev.o3.om.scm;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.Pipeline;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.scm.AllocatedBlock;
import dev.o3.proto.scm.BlockLease;
import dev.o3.proto.scm.ExcludeList;
import dev.o3.proto.scm.LeaseRemainder;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Small keys' blocks from runs of block ids that SCM leased to this OM (scm.proto {@code BlockLease}; docs/internals.md
 * "Block leases"): a CreateKey of a small key takes the next id of a lease in memory instead of waiting for an SCM
 * call, which took 4.1 ms of a 6.1 ms CreateKey under 8 concurrent 4 KiB PUTs (docs/benchmarks.md).
 *
 * <p>Per replication config the OM keeps {@link #LEASES} leases, each in a container SCM picked in its round-robin
 * order, and gives each key the next lease in turn that has an id and the key's bytes left. A lease ends when a key
 * finds it without room, or when it is older than its lifetime (its pipeline may have closed meanwhile); the bytes it
 * did not use go back to SCM ({@code ReleaseBlockLeases}). New leases are asked for while the ones held still have a
 * quarter left, so a key rarely waits; keys that find none wait for that call, and take a plain allocation when it
 * fails, which then reports the error (safe mode, no room), as do the keys of the next {@link #RETRY_AFTER} that find
 * no lease. A retry that excludes a datanode, pipeline or container drops the leases on it. Leases live only in this
 * OM's memory: a closing OM returns them ({@link #endAll}); after a crash their unused bytes stay counted in their
 * containers (at most {@link #LEASES} leases per replication config) and their ids unused; a key's blocks are still
 * logged with its CreateKey, so nothing a client wrote depends on a lease.
 *
 * <p>Thread-safe. Futures complete on the thread that frees them (a caller, or SCM's answer on the transport thread).
 */
final class BlockLeases {
    /** Leases held per replication config; a lease lasts its bytes or ids, so more spread keys over more containers. */
    static final int LEASES = 8;
    /** A key takes its block from a lease when it is at most this share of a lease's bytes. */
    static final int KEYS_PER_LEASE_AT_LEAST = 64;
    /** A lease's ids: one per 4 KiB of its bytes, so 4 KiB keys use both up together. */
    private static final long BYTES_PER_ID = 4096;
    /** A lease with less than this share of its bytes or ids left is due for a successor. */
    private static final int LOW_SHARE = 4;
    /** After a refused or failed lease call, keys take plain allocations this long before leases are asked again. */
    static final Duration RETRY_AFTER = Duration.ofSeconds(5);

    private final Leaser scm;
    private final AllocationBatcher.Allocator plain;
    private final long leaseBytes;
    private final int leaseIds;
    private final long lifetimeNanos;
    private final LongSupplier nanoTime;
    private final Object lock = new Object();

    @GuardedBy("lock")
    private final Map<ReplicationConfig, Pool> pools = new HashMap<>();

    /**
     * @param scm leases and releases at SCM
     * @param plain what keys take when SCM refuses or cannot be reached for a lease
     * @param leaseBytes bytes of each lease; keys up to 1/{@link #KEYS_PER_LEASE_AT_LEAST} of it take leased blocks
     * @param lifetime age after which a lease takes no more keys
     */
    BlockLeases(
            Leaser scm, AllocationBatcher.Allocator plain, long leaseBytes, Duration lifetime, LongSupplier nanoTime) {
        if (leaseBytes < KEYS_PER_LEASE_AT_LEAST) {
            throw new IllegalArgumentException("a lease must hold at least " + KEYS_PER_LEASE_AT_LEAST + " bytes");
        }
        this.scm = scm;
        this.plain = plain;
        this.leaseBytes = leaseBytes;
        this.leaseIds = (int) Math.min(65_536, Math.max(KEYS_PER_LEASE_AT_LEAST, leaseBytes / BYTES_PER_ID));
        this.lifetimeNanos = lifetime.toNanos();
        this.nanoTime = nanoTime;
    }

    /** Whether a single-block key of {@code size} bytes takes its block from a lease. */
    boolean serves(long size) {
        return size > 0 && size <= leaseBytes / KEYS_PER_LEASE_AT_LEAST;
    }

    /** A block of {@code size} bytes (which {@link #serves}) from a lease, else from a plain allocation. */
    CompletableFuture<List<AllocatedBlock>> allocate(long size, ReplicationConfig replication, String owner) {
        Waiter waiter = new Waiter(size, replication, owner, new CompletableFuture<>());
        Outcome outcome;
        synchronized (lock) {
            Pool pool = pools.computeIfAbsent(replication, Pool::new);
            pool.waiting.add(waiter);
            outcome = pool.serve(nanoTime.getAsLong());
        }
        finish(outcome);
        return waiter.block();
    }

    /** Drops the leases on anything a client's retry excludes: a write there failed, so later keys go elsewhere. */
    void drop(ExcludeList exclude) {
        List<LeaseRemainder> released = end(lease -> lease.excludedBy(exclude));
        if (!released.isEmpty()) {
            scm.release(released);
        }
    }

    /** Ends every lease (the OM is closing) and returns what they did not use, for SCM. */
    List<LeaseRemainder> endAll() {
        return end(lease -> true);
    }

    /** Ends the leases {@code which} picks, of every replication config; returns what they did not use. */
    private List<LeaseRemainder> end(Predicate<Lease> which) {
        List<LeaseRemainder> unused = new ArrayList<>();
        synchronized (lock) {
            pools.values().forEach(pool -> pool.end(which, unused));
        }
        return unused;
    }

    /** Does what a step under the lock decided: releases, a lease call, answers, plain allocations. */
    private void finish(Outcome outcome) {
        if (!outcome.released().isEmpty()) {
            scm.release(outcome.released());
        }
        outcome.fetch().ifPresent(this::fetch);
        outcome.served().forEach((waiter, block) -> waiter.block().complete(List.of(block)));
        for (Waiter waiter : outcome.plain()) {
            var unused = plain.allocate(
                            waiter.size(), 1, waiter.replication(), waiter.owner(), ExcludeList.getDefaultInstance())
                    .whenComplete((blocks, failure) -> {
                        if (failure != null) {
                            waiter.block().completeExceptionally(failure);
                        } else {
                            waiter.block().complete(blocks);
                        }
                    });
        }
    }

    private void fetch(Fetch fetch) {
        CompletableFuture<List<BlockLease>> call;
        try {
            call = scm.lease(leaseBytes, leaseIds, fetch.count(), fetch.pool().replication);
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        var unused = call.whenComplete((leases, failure) -> {
            Outcome outcome;
            synchronized (lock) {
                outcome = fetch.pool().fetched(leases, failure, nanoTime.getAsLong());
            }
            finish(outcome);
        });
    }

    /** SCM's lease calls. */
    interface Leaser {
        CompletableFuture<List<BlockLease>> lease(long bytes, int ids, int count, ReplicationConfig replication);

        /** Returns unused bytes; fire and forget (a lost release leaves them counted, as a crash does). */
        void release(List<LeaseRemainder> remainders);
    }

    private record Waiter(
            long size, ReplicationConfig replication, String owner, CompletableFuture<List<AllocatedBlock>> block) {}

    private record Fetch(Pool pool, int count) {}

    /** What a step under the lock decided, for {@link #finish} to do outside it. */
    private record Outcome(
            Map<Waiter, AllocatedBlock> served,
            List<Waiter> plain,
            List<LeaseRemainder> released,
            Optional<Fetch> fetch) {}

    /** The leases of one replication config and the keys waiting for one. Guarded by the owner's lock. */
    private final class Pool {
        private final ReplicationConfig replication;
        private final List<Lease> leases = new ArrayList<>();
        private final ArrayDeque<Waiter> waiting = new ArrayDeque<>();
        private int cursor;
        private boolean fetching;
        private boolean failed;
        private long failedAt;

        Pool(ReplicationConfig replication) {
            this.replication = replication;
        }

        /** Serves waiting keys in order from the leases held, ending spent or expired ones, and asks for more. */
        Outcome serve(long now) {
            List<LeaseRemainder> released = new ArrayList<>();
            end(lease -> now - lease.leasedAt >= lifetimeNanos, released);
            Map<Waiter, AllocatedBlock> served = new LinkedHashMap<>();
            while (!waiting.isEmpty()) {
                Optional<AllocatedBlock> block = take(waiting.peekFirst().size(), released);
                if (block.isEmpty()) {
                    break;
                }
                served.put(waiting.removeFirst(), block.get());
            }
            if (failed && now - failedAt < RETRY_AFTER.toNanos()) {
                List<Waiter> plain = new ArrayList<>(waiting);
                waiting.clear();
                return new Outcome(served, plain, released, Optional.empty());
            }
            long fresh = leases.stream().filter(Lease::fresh).count();
            Optional<Fetch> fetch = Optional.empty();
            if (!fetching && ((fresh < LEASES && leases.size() < 2 * LEASES) || !waiting.isEmpty())) {
                fetching = true;
                fetch = Optional.of(new Fetch(this, (int) Math.max(1, LEASES - fresh)));
            }
            return new Outcome(served, List.of(), released, fetch);
        }

        /** Ends the leases {@code which} picks, adding what they did not use to {@code released}. */
        void end(Predicate<Lease> which, List<LeaseRemainder> released) {
            leases.removeIf(lease -> {
                boolean ends = which.test(lease);
                if (ends) {
                    lease.remainder().ifPresent(released::add);
                }
                return ends;
            });
        }

        /** The next lease in turn with room for {@code size}; one without room for it is spent, and released. */
        private Optional<AllocatedBlock> take(long size, List<LeaseRemainder> released) {
            while (!leases.isEmpty()) {
                int index = Math.floorMod(cursor++, leases.size());
                Lease lease = leases.get(index);
                if (lease.bytesLeft >= size && lease.idsLeft > 0) {
                    return Optional.of(lease.take(size));
                }
                lease.remainder().ifPresent(released::add);
                leases.remove(index);
            }
            return Optional.empty();
        }

        /** SCM answered a lease call: serve with the new leases, or send the waiting keys to plain allocation. */
        Outcome fetched(List<BlockLease> granted, Throwable failure, long now) {
            fetching = false;
            failed = failure != null;
            failedAt = now;
            if (failure != null) {
                List<Waiter> plain = new ArrayList<>(waiting);
                waiting.clear();
                return new Outcome(Map.of(), plain, List.of(), Optional.empty());
            }
            granted.forEach(lease -> leases.add(new Lease(lease, now)));
            return serve(now);
        }
    }

    /** A lease's ids and bytes left. Guarded by the owner's lock. */
    private static final class Lease {
        private final long containerId;
        private final Pipeline pipeline;
        private final long leasedAt;
        private final int ids;
        private final long bytes;
        private long nextLocalId;
        private int idsLeft;
        private long bytesLeft;

        Lease(BlockLease lease, long leasedAt) {
            this.containerId = lease.getContainerId();
            this.pipeline = lease.getPipeline();
            this.leasedAt = leasedAt;
            this.ids = lease.getIds();
            this.bytes = lease.getBytes();
            this.nextLocalId = lease.getFirstLocalId();
            this.idsLeft = lease.getIds();
            this.bytesLeft = lease.getBytes();
        }

        AllocatedBlock take(long size) {
            AllocatedBlock block = AllocatedBlock.newBuilder()
                    .setBlockId(BlockId.newBuilder().setContainerId(containerId).setLocalId(nextLocalId))
                    .setPipeline(pipeline)
                    .build();
            nextLocalId++;
            idsLeft--;
            bytesLeft -= size;
            return block;
        }

        boolean fresh() {
            return bytesLeft * LOW_SHARE >= bytes && (long) idsLeft * LOW_SHARE >= ids;
        }

        boolean excludedBy(ExcludeList exclude) {
            return exclude.getContainerIdsList().contains(containerId)
                    || exclude.getPipelineIdsList().contains(pipeline.getId())
                    || pipeline.getMembersList().stream()
                            .anyMatch(member -> exclude.getDatanodeUuidsList().contains(member.getUuid()));
        }

        Optional<LeaseRemainder> remainder() {
            return bytesLeft <= 0
                    ? Optional.empty()
                    : Optional.of(LeaseRemainder.newBuilder()
                            .setContainerId(containerId)
                            .setBytes(bytesLeft)
                            .build());
        }
    }
}
