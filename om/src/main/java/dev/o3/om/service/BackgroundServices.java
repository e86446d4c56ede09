package dev.o3.om.service;

import dev.o3.common.concurrent.Threads;
import dev.o3.common.security.CredentialFile;
import dev.o3.common.security.UserCredential;
import dev.o3.om.apply.AppliedTransaction;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.OmStore;
import dev.o3.om.db.RowKeys;
import dev.o3.om.ratis.OmRatisServer;
import dev.o3.om.scm.ScmBlockClient;
import dev.o3.om.security.DelegationTokenConfig;
import dev.o3.om.token.DelegationKeyRotation;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.CreateVolumeRequest;
import dev.o3.proto.om.GetS3SecretRequest;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.OpenKeyRecord;
import dev.o3.proto.om.PurgeRequest;
import dev.o3.proto.om.S3SecretRecord;
import dev.o3.proto.om.VolumeInfo;
import dev.o3.server.db.KeyValue;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OM's background work, run by the leader only, on two threads of its own so it never competes with client requests
 * for handler threads: open-key clean-up (sessions older than the expiry threshold), key deletion (hands deleted
 * keys' blocks to SCM's deleted-block log, then purges the rows) and directory reclamation (moves the contents of
 * deleted FSO directories to the deleted tables, a bounded batch per run). Every change goes through Ratis as a
 * {@code PurgeRequest}. It also creates the S3 volume on the first start, and in secure mode the administrator's
 * credential and the delegation-token keys. Lifecycle: {@link #start()},
 * {@link #close()}.
 */
public final class BackgroundServices implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BackgroundServices.class);
    private static final int BATCH = 1000;
    private static final int DELETE_BATCH = 100;
    private static final Duration SUBMIT_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration S3_VOLUME_CHECK = Duration.ofMillis(200);
    /** A look at a handful of rows: often enough that a new leader's first token waits little for the first key. */
    private static final Duration DELEGATION_KEY_CHECK = Duration.ofSeconds(1);

    private static final SecureRandom RANDOM = new SecureRandom();

    private final String logPrefix;
    private final OmRatisServer ratis;
    private final Supplier<OmStore> store;
    private final ScmBlockClient scm;
    private final Clock clock;
    private final Settings settings;
    private final ScheduledExecutorService executor;
    private final List<ScheduledFuture<?>> tasks = new ArrayList<>();
    private volatile boolean s3VolumeExists;
    private volatile boolean adminCredentialWritten;

    public BackgroundServices(
            String logPrefix,
            OmRatisServer ratis,
            Supplier<OmStore> store,
            ScmBlockClient scm,
            Clock clock,
            Settings settings) {
        this.logPrefix = logPrefix;
        this.ratis = ratis;
        this.store = store;
        this.scm = scm;
        this.clock = clock;
        this.settings = settings;
        this.executor = Executors.newScheduledThreadPool(2, Threads.daemonThreadsNamed(logPrefix + "-background"));
    }

    public void start() {
        schedule(this::ensureS3Volume, S3_VOLUME_CHECK);
        settings.adminCredentialFile().ifPresent(file -> schedule(() -> ensureAdminCredential(file), S3_VOLUME_CHECK));
        settings.delegation().ifPresent(config -> {
            DelegationKeyRotation rotation = new DelegationKeyRotation(
                    logPrefix, ratis::isLeader, store, clock, settings.serverUser(), config, this::submit);
            schedule(rotation::rotateIfDue, DELEGATION_KEY_CHECK);
        });
        schedule(this::cleanupOpenKeys, settings.openKeyCleanupInterval());
        schedule(this::deleteKeyBlocks, settings.keyDeletingInterval());
        schedule(this::reclaimDirectories, settings.directoryDeletingInterval());
    }

    private void schedule(Runnable task, Duration interval) {
        tasks.add(executor.scheduleWithFixedDelay(
                () -> {
                    try {
                        task.run();
                    } catch (RuntimeException e) {
                        LOG.warn("[{}] background task failed; retrying next period", logPrefix, e);
                    }
                },
                interval.toMillis(),
                interval.toMillis(),
                TimeUnit.MILLISECONDS));
    }

    /** Creates the S3 volume (owned by the OM's user) once a leader finds it missing; returns 1 if it did. */
    public int ensureS3Volume() {
        if (s3VolumeExists || !ratis.isLeader()) {
            return 0;
        }
        if (store.get()
                .get(OmSchema.VOLUMES, RowKeys.volume(settings.s3Volume()))
                .isPresent()) {
            s3VolumeExists = true;
            return 0;
        }
        AppliedTransaction applied = submit(OmTransaction.newBuilder()
                .setUser(settings.serverUser())
                .setAdmin(true)
                .setTimeMillis(clock.millis())
                .setCreateVolume(CreateVolumeRequest.newBuilder()
                        .setVolume(VolumeInfo.newBuilder()
                                .setName(settings.s3Volume())
                                .setOwner(settings.serverUser())))
                .build());
        s3VolumeExists = applied.error()
                .map(error -> error.getStatus() == OmStatus.VOLUME_ALREADY_EXISTS)
                .orElse(true);
        if (s3VolumeExists) {
            LOG.info("[{}] created S3 volume {}", logPrefix, settings.s3Volume());
        }
        return s3VolumeExists ? 1 : 0;
    }

    /**
     * Secure mode: gives the OM's own user (the first administrator) an access key when it has none (the leader
     * creates it through Ratis) and writes it, readable by the OM's user only, to {@code file} on every OM once it
     * is there, so that an operator can bootstrap credentials for everyone else (docs/security.md).
     */
    void ensureAdminCredential(Path file) {
        if (adminCredentialWritten) {
            return;
        }
        Optional<S3SecretRecord> secret = store.get().get(OmSchema.S3_SECRETS, settings.serverUser());
        if (secret.isEmpty()) {
            if (ratis.isLeader()) {
                byte[] random = new byte[32];
                RANDOM.nextBytes(random);
                AppliedTransaction applied = submit(OmTransaction.newBuilder()
                        .setUser(settings.serverUser())
                        .setAdmin(true)
                        .setTimeMillis(clock.millis())
                        .setSecret(HexFormat.of().formatHex(random))
                        .setGetS3Secret(GetS3SecretRequest.newBuilder()
                                .setUser(settings.serverUser())
                                .setCreateIfAbsent(true))
                        .build());
                applied.error().ifPresent(error -> LOG.warn("[{}] admin secret not created: {}", logPrefix, error));
            }
            return;
        }
        CredentialFile.write(
                file,
                new UserCredential(secret.get().getAccessKey(), secret.get().getSecret()));
        adminCredentialWritten = true;
        LOG.info("[{}] wrote the credential of administrator {} to {}", logPrefix, settings.serverUser(), file);
    }

    /** Purges open keys older than the expiry threshold; returns how many. */
    public int cleanupOpenKeys() {
        if (!ratis.isLeader()) {
            return 0;
        }
        long expired = clock.millis() - settings.openKeyExpireThreshold().toMillis();
        List<String> rows = new ArrayList<>();
        for (KeyValue<String, OpenKeyRecord> row : store.get().scan(OmSchema.OPEN_KEYS, "", "", BATCH)) {
            if (row.value().getKey().getCreationTimeMillis() < expired) {
                rows.add(row.key());
            }
        }
        if (!rows.isEmpty()) {
            purge(PurgeRequest.newBuilder().addAllOpenKeys(rows).build());
        }
        return rows.size();
    }

    /** Hands up to a batch of deleted keys' blocks to SCM and purges them; returns how many keys. */
    public int deleteKeyBlocks() {
        if (!ratis.isLeader()) {
            return 0;
        }
        List<String> done = new ArrayList<>();
        for (KeyValue<String, KeyInfo> row : store.get().scan(OmSchema.DELETED_KEYS, "", "", DELETE_BATCH)) {
            KeyInfo key = row.value();
            scm.deleteBlocks(
                    key.getVolume() + "/" + key.getBucket() + "/" + key.getName(),
                    key.getBlocksList().stream().map(BlockLocation::getBlockId).toList());
            done.add(row.key());
        }
        if (!done.isEmpty()) {
            purge(PurgeRequest.newBuilder().addAllDeletedKeys(done).build());
        }
        return done.size();
    }

    /** Moves the children of up to a batch of deleted directories to the deleted tables; returns directories seen. */
    public int reclaimDirectories() {
        if (!ratis.isLeader()) {
            return 0;
        }
        List<String> rows = store.get().scan(OmSchema.DELETED_DIRECTORIES, "", "", DELETE_BATCH).stream()
                .map(KeyValue::key)
                .toList();
        if (!rows.isEmpty()) {
            purge(PurgeRequest.newBuilder()
                    .addAllDeletedDirectories(rows)
                    .setMaxChildren(BATCH)
                    .build());
        }
        return rows.size();
    }

    private void purge(PurgeRequest request) {
        AppliedTransaction applied = submit(OmTransaction.newBuilder()
                .setUser(settings.serverUser())
                .setAdmin(true)
                .setTimeMillis(clock.millis())
                .setPurge(request)
                .build());
        applied.error().ifPresent(error -> LOG.warn("[{}] purge refused: {}", logPrefix, error));
    }

    private AppliedTransaction submit(OmTransaction transaction) {
        return ratis.submit(transaction)
                .orTimeout(SUBMIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .join();
    }

    @Override
    public void close() {
        tasks.forEach(task -> task.cancel(false));
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.warn("[{}] background services did not stop in time", logPrefix);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * When the services run.
     *
     * @param openKeyCleanupInterval period of open-key clean-up
     * @param openKeyExpireThreshold age after which an open key is removed
     * @param keyDeletingInterval period of block deletion
     * @param directoryDeletingInterval period of directory reclamation
     * @param s3Volume the volume of S3 buckets, created at first start
     * @param serverUser the OM's OS user, owner of the S3 volume
     * @param adminCredentialFile where secure mode writes the OM user's credential
     * @param delegation in secure mode, the lifetimes of delegation tokens, whose keys the leader makes and rotates
     */
    public record Settings(
            Duration openKeyCleanupInterval,
            Duration openKeyExpireThreshold,
            Duration keyDeletingInterval,
            Duration directoryDeletingInterval,
            String s3Volume,
            String serverUser,
            Optional<Path> adminCredentialFile,
            Optional<DelegationTokenConfig> delegation) {}
}
