package dev.o3.om.lifecycle;

import dev.o3.common.concurrent.Threads;
import dev.o3.om.apply.AppliedTransaction;
import dev.o3.om.db.KeyOrder;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.OmStore;
import dev.o3.om.db.RowKeys;
import dev.o3.om.key.KeyLayouts;
import dev.o3.om.key.KeyVersions;
import dev.o3.om.multipart.MultipartReads;
import dev.o3.om.ratis.OmRatisServer;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.LifecycleExpireRequest;
import dev.o3.proto.om.LifecycleExpireResponse;
import dev.o3.proto.om.LifecycleKey;
import dev.o3.proto.om.LifecycleRule;
import dev.o3.proto.om.LifecycleVersion;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.ListKeysResponse;
import dev.o3.proto.om.ListMultipartUploadsRequest;
import dev.o3.proto.om.ListMultipartUploadsResponse;
import dev.o3.proto.om.MultipartUploadInfo;
import dev.o3.proto.om.OmTransaction;
import dev.o3.server.db.KeyValue;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
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
 * Executes the lifecycle rules of every bucket, on the leader only and on a thread of its own: each run walks the
 * buckets that have rules, pages through their keys and multipart uploads, and logs what is due through Ratis as
 * {@code LifecycleExpireRequest}s of at most a batch each, like the other purges. Counts what it deleted and aborted
 * ({@code o3_om_lifecycle_*_total}). In a versioned bucket it also walks the version table for noncurrent versions
 * and lone delete markers that are due.
 * Lifecycle: {@link #start()}, {@link #close()}.
 */
public final class LifecycleService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LifecycleService.class);
    private static final int BATCH = 1000;
    private static final Duration SUBMIT_TIMEOUT = Duration.ofSeconds(60);

    private final String logPrefix;
    private final OmRatisServer ratis;
    private final Supplier<OmStore> store;
    private final Clock clock;
    private final Settings settings;
    private final ScheduledExecutorService executor;
    private final Counter deletedKeys;
    private final Counter abortedUploads;
    private final Counter deletedVersions;
    private final Counter deletedMarkers;
    private volatile ScheduledFuture<?> task;

    public LifecycleService(
            String logPrefix,
            OmRatisServer ratis,
            Supplier<OmStore> store,
            Clock clock,
            Settings settings,
            PrometheusRegistry registry) {
        this.logPrefix = logPrefix;
        this.ratis = ratis;
        this.store = store;
        this.clock = clock;
        this.settings = settings;
        this.executor =
                Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed(logPrefix + "-lifecycle"));
        this.deletedKeys = Counter.builder()
                .name("o3_om_lifecycle_deleted_keys_total")
                .help("Keys the lifecycle service deleted because an Expiration rule was due")
                .withoutExemplars()
                .register(registry);
        this.abortedUploads = Counter.builder()
                .name("o3_om_lifecycle_aborted_uploads_total")
                .help("Multipart uploads the lifecycle service aborted (AbortIncompleteMultipartUpload)")
                .withoutExemplars()
                .register(registry);
        this.deletedVersions = Counter.builder()
                .name("o3_om_lifecycle_deleted_versions_total")
                .help("Noncurrent versions the lifecycle service removed (NoncurrentVersionExpiration)")
                .withoutExemplars()
                .register(registry);
        this.deletedMarkers = Counter.builder()
                .name("o3_om_lifecycle_deleted_delete_markers_total")
                .help("Delete markers the lifecycle service removed as their key's only version"
                        + " (ExpiredObjectDeleteMarker)")
                .withoutExemplars()
                .register(registry);
    }

    public void start() {
        long period = settings.interval().toMillis();
        task = executor.scheduleWithFixedDelay(
                () -> {
                    try {
                        runOnce();
                    } catch (RuntimeException e) {
                        LOG.warn("[{}] lifecycle run failed; retrying next period", logPrefix, e);
                    }
                },
                period,
                period,
                TimeUnit.MILLISECONDS);
    }

    /** One pass over every bucket with lifecycle rules, on the leader; returns what it deleted and aborted. */
    public LifecycleExpireResponse runOnce() {
        LifecycleExpireResponse.Builder total = LifecycleExpireResponse.newBuilder();
        if (!ratis.isLeader()) {
            return total.build();
        }
        String from = "";
        while (true) {
            List<KeyValue<String, BucketInfo>> buckets = store.get().scan(OmSchema.BUCKETS, "", from, BATCH);
            for (KeyValue<String, BucketInfo> row : buckets) {
                if (row.value().getConfig().hasLifecycle()) {
                    LifecycleExpireResponse done = runBucket(row.value());
                    total.setDeletedKeys(total.getDeletedKeys() + done.getDeletedKeys())
                            .setAbortedUploads(total.getAbortedUploads() + done.getAbortedUploads())
                            .setDeletedVersions(total.getDeletedVersions() + done.getDeletedVersions())
                            .setDeletedMarkers(total.getDeletedMarkers() + done.getDeletedMarkers());
                }
            }
            if (buckets.size() < BATCH) {
                return total.build();
            }
            from = KeyOrder.successor(buckets.get(buckets.size() - 1).key());
        }
    }

    private LifecycleExpireResponse runBucket(BucketInfo bucket) {
        List<LifecycleRule> rules = bucket.getConfig().getLifecycle().getRulesList();
        long now = clock.millis();
        LifecycleExpireResponse.Builder done = LifecycleExpireResponse.newBuilder();
        try {
            if (LifecycleRules.expiresKeys(rules)) {
                expireKeys(bucket, rules, now, done);
            }
            if (LifecycleRules.abortsUploads(rules)) {
                abortUploads(bucket, rules, now, done);
            }
            if (LifecycleRules.expiresVersions(rules) && KeyVersions.isVersioned(bucket)) {
                expireVersions(bucket, rules, now, done);
            }
        } catch (OmException e) {
            LOG.debug(
                    "[{}] bucket {} changed during the lifecycle run: {}", logPrefix, bucket.getName(), e.getMessage());
        }
        return done.build();
    }

    private void expireKeys(
            BucketInfo bucket, List<LifecycleRule> rules, long now, LifecycleExpireResponse.Builder done)
            throws OmException {
        String startAfter = "";
        boolean more = true;
        while (more) {
            ListKeysResponse page = KeyLayouts.of(bucket)
                    .list(
                            store.get(),
                            bucket,
                            ListKeysRequest.newBuilder()
                                    .setVolume(bucket.getVolume())
                                    .setBucket(bucket.getName())
                                    .setStartAfter(startAfter)
                                    .setMaxResults(BATCH)
                                    .build());
            LifecycleExpireRequest.Builder request = request(bucket);
            for (KeyInfo key : page.getKeysList()) {
                if (LifecycleRules.expires(rules, key, now, settings.day())) {
                    request.addKeys(
                            LifecycleKey.newBuilder().setName(key.getName()).setObjectId(key.getObjectId()));
                }
                startAfter = key.getName();
            }
            more = page.getTruncated() && page.getKeysCount() > 0;
            submit(request, done);
        }
    }

    private void abortUploads(
            BucketInfo bucket, List<LifecycleRule> rules, long now, LifecycleExpireResponse.Builder done)
            throws OmException {
        ListMultipartUploadsRequest.Builder listing = ListMultipartUploadsRequest.newBuilder()
                .setVolume(bucket.getVolume())
                .setBucket(bucket.getName())
                .setMaxUploads(BATCH);
        Caller om = new Caller(settings.serverUser(), true);
        boolean more = true;
        while (more) {
            ListMultipartUploadsResponse page = MultipartReads.listUploads(store.get(), om, listing.build());
            LifecycleExpireRequest.Builder request = request(bucket);
            for (MultipartUploadInfo upload : page.getUploadsList()) {
                if (LifecycleRules.aborts(rules, upload, now, settings.day())) {
                    request.addUploads(upload);
                }
                listing.setKeyMarker(upload.getName()).setUploadIdMarker(upload.getUploadId());
            }
            more = page.getTruncated() && page.getUploadsCount() > 0;
            submit(request, done);
        }
    }

    /**
     * Pages through the bucket's version table, where each key's noncurrent versions and delete markers lie together,
     * newest first, and decides per key which of them go.
     */
    private void expireVersions(
            BucketInfo bucket, List<LifecycleRule> rules, long now, LifecycleExpireResponse.Builder done) {
        String prefix = RowKeys.keysOf(bucket.getVolume(), bucket.getName());
        String from = prefix;
        LifecycleExpireRequest.Builder request = request(bucket);
        List<KeyInfo> versions = new ArrayList<>();
        while (true) {
            List<KeyValue<String, KeyInfo>> page = store.get().scan(OmSchema.VERSIONS, prefix, from, BATCH);
            for (KeyValue<String, KeyInfo> row : page) {
                if (!versions.isEmpty()
                        && !versions.get(0).getName().equals(row.value().getName())) {
                    expireVersionsOfKey(bucket, rules, versions, now, request);
                    versions.clear();
                }
                versions.add(row.value());
                if (request.getNoncurrentVersionsCount() + request.getDeleteMarkersCount() >= BATCH) {
                    submit(request, done);
                    request = request(bucket);
                }
            }
            if (page.size() < BATCH) {
                break;
            }
            from = KeyOrder.successor(page.get(page.size() - 1).key());
        }
        if (!versions.isEmpty()) {
            expireVersionsOfKey(bucket, rules, versions, now, request);
        }
        submit(request, done);
    }

    /**
     * Adds what is due among one key's versions (newest first) to {@code request}: the current version is the key's
     * row or, when it has none, the delete marker that hides it.
     */
    private void expireVersionsOfKey(
            BucketInfo bucket,
            List<LifecycleRule> rules,
            List<KeyInfo> versions,
            long now,
            LifecycleExpireRequest.Builder request) {
        String name = versions.get(0).getName();
        Optional<KeyInfo> row = store.get().get(OmSchema.KEYS, RowKeys.key(bucket.getVolume(), bucket.getName(), name));
        KeyInfo current = row.orElse(versions.get(0));
        int first = row.isPresent() ? 0 : 1;
        long noncurrentSince = current.getModificationTimeMillis();
        int left = versions.size() - first;
        for (int i = first; i < versions.size(); i++) {
            KeyInfo version = versions.get(i);
            if (LifecycleRules.expiresNoncurrent(rules, version, i - first, noncurrentSince, now, settings.day())) {
                request.addNoncurrentVersions(version(version));
                left--;
            }
            noncurrentSince = version.getModificationTimeMillis();
        }
        if (row.isEmpty() && left == 0 && LifecycleRules.expiresLoneDeleteMarker(rules, name)) {
            request.addDeleteMarkers(version(current));
        }
    }

    private static LifecycleVersion version(KeyInfo version) {
        return LifecycleVersion.newBuilder()
                .setName(version.getName())
                .setVersionId(KeyVersions.shown(version).getVersionId())
                .build();
    }

    private static LifecycleExpireRequest.Builder request(BucketInfo bucket) {
        return LifecycleExpireRequest.newBuilder().setVolume(bucket.getVolume()).setBucket(bucket.getName());
    }

    private void submit(LifecycleExpireRequest.Builder request, LifecycleExpireResponse.Builder done) {
        if (request.getKeysCount()
                        + request.getUploadsCount()
                        + request.getNoncurrentVersionsCount()
                        + request.getDeleteMarkersCount()
                == 0) {
            return;
        }
        AppliedTransaction applied = ratis.submit(OmTransaction.newBuilder()
                        .setUser(settings.serverUser())
                        .setAdmin(true)
                        .setTimeMillis(clock.millis())
                        .setLifecycleExpire(request)
                        .build())
                .orTimeout(SUBMIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .join();
        if (applied.error().isPresent()) {
            LOG.warn(
                    "[{}] lifecycle expiration refused: {}",
                    logPrefix,
                    applied.error().get());
            return;
        }
        LifecycleExpireResponse response =
                (LifecycleExpireResponse) applied.response().orElseThrow();
        deletedKeys.inc(response.getDeletedKeys());
        abortedUploads.inc(response.getAbortedUploads());
        deletedVersions.inc(response.getDeletedVersions());
        deletedMarkers.inc(response.getDeletedMarkers());
        done.setDeletedKeys(done.getDeletedKeys() + response.getDeletedKeys())
                .setAbortedUploads(done.getAbortedUploads() + response.getAbortedUploads())
                .setDeletedVersions(done.getDeletedVersions() + response.getDeletedVersions())
                .setDeletedMarkers(done.getDeletedMarkers() + response.getDeletedMarkers());
        if (response.getDeletedKeys()
                        + response.getAbortedUploads()
                        + response.getDeletedVersions()
                        + response.getDeletedMarkers()
                > 0) {
            LOG.info(
                    "[{}] lifecycle: deleted {} keys, {} noncurrent versions, {} delete markers and aborted {} uploads"
                            + " in {}/{}",
                    logPrefix,
                    response.getDeletedKeys(),
                    response.getDeletedVersions(),
                    response.getDeletedMarkers(),
                    response.getAbortedUploads(),
                    request.getVolume(),
                    request.getBucket());
        }
    }

    @Override
    public void close() {
        if (task != null) {
            task.cancel(false);
        }
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.warn("[{}] lifecycle service did not stop in time", logPrefix);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * When and how fast rules act.
     *
     * @param interval period between runs
     * @param day the length of a lifecycle day (one day; shorter in tests)
     * @param serverUser the OM's OS user, who logs the expirations
     */
    public record Settings(Duration interval, Duration day, String serverUser) {}
}
