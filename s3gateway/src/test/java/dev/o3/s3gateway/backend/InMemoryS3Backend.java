package dev.o3.s3gateway.backend;

import dev.o3.common.acl.Acl;
import dev.o3.proto.om.AclGrant;
import dev.o3.proto.om.AclPermission;
import dev.o3.proto.om.BucketConfig;
import dev.o3.proto.om.CorsConfiguration;
import dev.o3.s3gateway.acl.CannedAcls;
import dev.o3.s3gateway.acl.Grant;
import dev.o3.s3gateway.acl.GrantProtos;
import dev.o3.s3gateway.acl.Grantee;
import dev.o3.s3gateway.acl.Permission;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test fake of the backend port: buckets, objects and multipart uploads in memory, with the OM's access rules (the
 * owner has full control; a bucket's canned ACL lets others read or write, an object's lets others read it; anonymous
 * requesters only get what public ACLs give) and multipart checks. Thread-safe (one lock for all state).
 */
public final class InMemoryS3Backend implements S3Backend {
    private static final long MIN_PART_SIZE = 5L * 1024 * 1024;

    private final Clock clock;
    private final Map<String, S3Credentials> credentials = new ConcurrentHashMap<>();
    private final Map<String, Bucket> buckets = new TreeMap<>();
    private final Object lock = new Object();
    /** Object streams fail after this many bytes (-1: never), as a key stream does when no replica can be read. */
    private volatile long failReadsAfter = -1;

    public InMemoryS3Backend(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock is null");
    }

    /** Registers an access key acting as {@code user}. */
    public InMemoryS3Backend withCredentials(String accessKeyId, String secretKey, String user) {
        credentials.put(accessKeyId, new S3Credentials(accessKeyId, secretKey, user));
        return this;
    }

    /**
     * Makes every object stream opened from now on throw an {@link IOException} once it has returned {@code bytes}
     * bytes; -1 turns that off.
     */
    public InMemoryS3Backend failReadsAfter(long bytes) {
        failReadsAfter = bytes;
        return this;
    }

    @Override
    public SecretStore secrets() {
        return accessKeyId -> {
            S3Credentials found = credentials.get(accessKeyId);
            if (found == null) {
                throw new BackendException(BackendStatus.S3_SECRET_NOT_FOUND, "no secret for " + accessKeyId);
            }
            return found;
        };
    }

    @Override
    public BucketStore buckets(Requester requester) {
        return new Buckets(requester);
    }

    @Override
    public ObjectStore objects(Requester requester) {
        return new Objects3(requester);
    }

    @Override
    public MultipartStore multipart(Requester requester) {
        return new Multipart(requester);
    }

    /** Buckets are never versioned here: every object is its null version. */
    @Override
    public VersionStore versions(Requester requester) {
        return new UnversionedStore(new Objects3(requester));
    }

    /** Stores configuration for owners; unlike OM it neither checks nor evaluates it. */
    @Override
    public BucketConfigStore configs(Requester requester) {
        return new InMemoryBucketConfigs(
                bucket -> {
                    synchronized (lock) {
                        return owned(requester, bucket).config;
                    }
                },
                (bucket, change) -> {
                    synchronized (lock) {
                        Bucket found = owned(requester, bucket);
                        found.config = change.apply(found.config);
                    }
                });
    }

    /** Checks S3 write conditions against the current object, under the lock. */
    private static void check(WriteConditions conditions, StoredObject current) {
        if (conditions.ifNoneMatch() && current != null) {
            throw new BackendException(BackendStatus.PRECONDITION_FAILED, "the object exists");
        }
        if (!conditions.ifMatch().isEmpty()
                && (current == null
                        || !conditions
                                .ifMatch()
                                .replace("\"", "")
                                .equals(current.info().etag()))) {
            throw new BackendException(BackendStatus.PRECONDITION_FAILED, "the ETag differs");
        }
    }

    @Override
    public Optional<CorsConfiguration> cors(String bucket) {
        synchronized (lock) {
            Bucket found = buckets.get(bucket);
            return found != null && found.config.hasCors() ? Optional.of(found.config.getCors()) : Optional.empty();
        }
    }

    /** A bucket; its ACL changes under the lock. */
    private static final class Bucket {
        private final BucketInfo info;
        private final TreeMap<String, StoredObject> objects = new TreeMap<>();
        private final Map<String, Upload> uploads = new HashMap<>();
        private Acl acl;
        private BucketConfig config = BucketConfig.getDefaultInstance();

        Bucket(BucketInfo info, Acl acl) {
            this.info = info;
            this.acl = acl;
        }

        BucketInfo info() {
            return info;
        }

        NavigableMap<String, StoredObject> objects() {
            return objects;
        }

        Map<String, Upload> uploads() {
            return uploads;
        }
    }

    /** An object's or part's info, bytes and canned ACL. */
    private static final class StoredObject {
        private final ObjectInfo info;
        private final byte[] data;
        private final Acl acl;

        StoredObject(ObjectInfo info, byte[] data, Acl acl) {
            this.info = info;
            this.data = data;
            this.acl = acl;
        }

        ObjectInfo info() {
            return info;
        }

        byte[] data() {
            return data;
        }

        Acl acl() {
            return acl;
        }
    }

    private record Upload(
            UploadInfo info, ObjectAttributes attributes, Acl acl, TreeMap<Integer, StoredObject> parts) {}

    /** Whether the ACL's grants (or its canned ACL's) give the requester {@code permission}, as OM judges them. */
    private static boolean admits(Acl acl, AclPermission permission, Requester requester) {
        List<AclGrant> grants =
                acl.hasGrants() ? acl.grants() : GrantProtos.toProto(CannedAcls.grants(acl.canned(), ""));
        return grants.stream()
                .filter(grant ->
                        grant.getPermission() == permission || grant.getPermission() == AclPermission.ACL_FULL_CONTROL)
                .anyMatch(grant -> switch (grant.getGroup()) {
                    case ACL_GROUP_ALL_USERS -> true;
                    case ACL_GROUP_AUTHENTICATED_USERS -> !requester.isAnonymous();
                    default -> requester.user().filter(grant.getUser()::equals).isPresent();
                });
    }

    /** The grants GetBucketAcl and GetObjectAcl show. */
    private static AclInfo shown(String owner, Acl acl) {
        if (!acl.hasGrants()) {
            return new AclInfo(owner, CannedAcls.grants(acl.canned(), owner));
        }
        Set<Grant> grants = new LinkedHashSet<>();
        grants.add(new Grant(Grantee.user(owner), Permission.FULL_CONTROL));
        grants.addAll(GrantProtos.fromProto(acl.grants()));
        return new AclInfo(owner, List.copyOf(grants));
    }

    private Bucket existing(String name) {
        Bucket bucket = buckets.get(name);
        if (bucket == null) {
            throw new BackendException(BackendStatus.BUCKET_NOT_FOUND, "no bucket " + name);
        }
        return bucket;
    }

    private static boolean owns(Requester requester, Bucket bucket) {
        return requester.user().filter(bucket.info().owner()::equals).isPresent();
    }

    private static boolean mayRead(Requester requester, Bucket bucket) {
        return owns(requester, bucket) || admits(bucket.acl, AclPermission.ACL_READ, requester);
    }

    private static BackendException denied(Requester requester, String what) {
        return new BackendException(BackendStatus.PERMISSION_DENIED, requester.displayName() + " may not " + what);
    }

    /** The bucket, when the requester may read it. */
    private Bucket readable(Requester requester, String name) {
        Bucket bucket = existing(name);
        if (!mayRead(requester, bucket)) {
            throw denied(requester, "read " + name);
        }
        return bucket;
    }

    /** The bucket, when the requester may write its objects. */
    private Bucket bucket(Requester requester, String name) {
        Bucket bucket = existing(name);
        if (!owns(requester, bucket) && !admits(bucket.acl, AclPermission.ACL_WRITE, requester)) {
            throw denied(requester, "write to " + name);
        }
        return bucket;
    }

    /** The bucket, when the requester owns it. */
    private Bucket owned(Requester requester, String name) {
        Bucket bucket = existing(name);
        if (!owns(requester, bucket)) {
            throw denied(requester, "administer " + name);
        }
        return bucket;
    }

    private final class Buckets implements BucketStore {
        private final Requester requester;

        Buckets(Requester requester) {
            this.requester = requester;
        }

        @Override
        public void create(String bucket, Acl acl) {
            String user = requester.user().orElseThrow(() -> denied(requester, "create buckets"));
            synchronized (lock) {
                if (buckets.containsKey(bucket)) {
                    throw new BackendException(BackendStatus.BUCKET_ALREADY_EXISTS, "bucket exists: " + bucket);
                }
                buckets.put(bucket, new Bucket(new BucketInfo(bucket, user, clock.instant()), acl));
            }
        }

        @Override
        public BucketInfo info(String bucket) {
            synchronized (lock) {
                return readable(requester, bucket).info();
            }
        }

        @Override
        public void delete(String bucket) {
            synchronized (lock) {
                Bucket found = owned(requester, bucket);
                if (!found.objects().isEmpty() || !found.uploads().isEmpty()) {
                    throw new BackendException(BackendStatus.BUCKET_NOT_EMPTY, "bucket not empty: " + bucket);
                }
                buckets.remove(bucket);
            }
        }

        @Override
        public List<BucketInfo> list() {
            String user = requester.user().orElseThrow(() -> denied(requester, "list buckets"));
            synchronized (lock) {
                return buckets.values().stream()
                        .map(Bucket::info)
                        .filter(info -> info.owner().equals(user))
                        .toList();
            }
        }

        @Override
        public AclInfo acl(String bucket) {
            synchronized (lock) {
                Bucket found = owned(requester, bucket);
                return shown(found.info().owner(), found.acl);
            }
        }

        @Override
        public void setAcl(String bucket, Acl acl) {
            synchronized (lock) {
                owned(requester, bucket).acl = acl;
            }
        }
    }

    /** What a writer's commit does with the ETag, checksum and data. */
    @FunctionalInterface
    private interface OnCommit {
        void accept(String etag, Optional<ObjectChecksum> checksum, byte[] data);
    }

    /** Collects written data; commits run an action under the lock. */
    private final class MemoryWriter implements DataWriter {
        private final ByteArrayOutputStream data = new ByteArrayOutputStream();
        private final OnCommit onCommit;
        private boolean finished;

        MemoryWriter(OnCommit onCommit) {
            this.onCommit = onCommit;
        }

        @Override
        public void write(ByteBuffer buffer) {
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            data.write(bytes, 0, bytes.length);
        }

        @Override
        public void commit(String etag, Optional<ObjectChecksum> checksum) {
            if (finished) {
                throw new IllegalStateException("already finished");
            }
            finished = true;
            synchronized (lock) {
                onCommit.accept(etag, checksum, data.toByteArray());
            }
        }

        @Override
        public void abort() {
            finished = true;
        }

        @Override
        public void close() {
            abort();
        }
    }

    private final class Objects3 implements ObjectStore {
        private final Requester requester;

        Objects3(Requester requester) {
            this.requester = requester;
        }

        @Override
        public DataWriter create(
                String bucket,
                String key,
                ObjectAttributes attributes,
                Acl acl,
                long expectedLength,
                WriteConditions conditions) {
            synchronized (lock) {
                check(conditions, bucket(requester, bucket).objects().get(key));
            }
            return new MemoryWriter((etag, checksum, data) -> {
                Bucket found = bucket(requester, bucket);
                check(conditions, found.objects().get(key));
                found.objects()
                        .put(
                                key,
                                new StoredObject(
                                        new ObjectInfo(
                                                key, data.length, etag, clock.instant(), attributes, checksum, ""),
                                        data,
                                        acl));
            });
        }

        @Override
        public ObjectInfo info(String bucket, String key) {
            synchronized (lock) {
                return readable(bucket, key).info();
            }
        }

        /** The object when the bucket or the object's ACL lets the requester read it (a missing one is denied). */
        private StoredObject readable(String bucket, String key) {
            Bucket found = existing(bucket);
            StoredObject object = found.objects().get(key);
            if (mayRead(requester, found)) {
                if (object == null) {
                    throw new BackendException(BackendStatus.KEY_NOT_FOUND, "no key " + key);
                }
                return object;
            }
            if (object == null || !admits(object.acl(), AclPermission.ACL_READ, requester)) {
                throw denied(requester, "read " + key);
            }
            return object;
        }

        private StoredObject owned(String bucket, String key) {
            StoredObject object =
                    InMemoryS3Backend.this.owned(requester, bucket).objects().get(key);
            if (object == null) {
                throw new BackendException(BackendStatus.KEY_NOT_FOUND, "no key " + key);
            }
            return object;
        }

        @Override
        public InputStream read(String bucket, String key, long offset, long length) {
            synchronized (lock) {
                byte[] data = readable(bucket, key).data();
                InputStream in = new ByteArrayInputStream(data, (int) offset, (int) length);
                return failReadsAfter < 0 ? in : new FailingStream(in, failReadsAfter);
            }
        }

        @Override
        public void delete(String bucket, String key) {
            synchronized (lock) {
                if (bucket(requester, bucket).objects().remove(key) == null) {
                    throw new BackendException(BackendStatus.KEY_NOT_FOUND, "no key " + key);
                }
            }
        }

        @Override
        public List<ObjectInfo> list(String bucket, String prefix, String startAfter, int limit) {
            synchronized (lock) {
                return InMemoryS3Backend.this
                        .readable(requester, bucket)
                        .objects()
                        .tailMap(startAfter, false)
                        .values()
                        .stream()
                        .map(StoredObject::info)
                        .filter(info -> info.key().startsWith(prefix))
                        .limit(limit)
                        .toList();
            }
        }

        @Override
        public void setTags(String bucket, String key, Map<String, String> tags) {
            synchronized (lock) {
                Bucket found = bucket(requester, bucket);
                StoredObject object = found.objects().get(key);
                if (object == null) {
                    throw new BackendException(BackendStatus.KEY_NOT_FOUND, "no key " + key);
                }
                ObjectInfo info = object.info();
                ObjectAttributes attributes = info.attributes().withTags(tags);
                found.objects()
                        .put(
                                key,
                                new StoredObject(
                                        new ObjectInfo(
                                                key,
                                                info.size(),
                                                info.etag(),
                                                info.lastModified(),
                                                attributes,
                                                info.checksum(),
                                                info.versionId()),
                                        object.data(),
                                        object.acl()));
            }
        }

        @Override
        public AclInfo acl(String bucket, String key) {
            synchronized (lock) {
                StoredObject object = owned(bucket, key);
                return shown(existing(bucket).info().owner(), object.acl());
            }
        }

        @Override
        public void setAcl(String bucket, String key, Acl acl) {
            synchronized (lock) {
                StoredObject object = owned(bucket, key);
                existing(bucket).objects().put(key, new StoredObject(object.info(), object.data(), acl));
            }
        }
    }

    private final class Multipart implements MultipartStore {
        private final Requester requester;

        Multipart(Requester requester) {
            this.requester = requester;
        }

        private Upload upload(String bucket, String key, String uploadId) {
            Upload upload = bucket(requester, bucket).uploads().get(uploadId);
            if (upload == null || !upload.info().key().equals(key)) {
                throw new BackendException(BackendStatus.NO_SUCH_MULTIPART_UPLOAD, "no upload " + uploadId);
            }
            return upload;
        }

        @Override
        public String initiate(String bucket, String key, ObjectAttributes attributes, Acl acl) {
            synchronized (lock) {
                String uploadId = UUID.randomUUID().toString();
                bucket(requester, bucket)
                        .uploads()
                        .put(
                                uploadId,
                                new Upload(
                                        new UploadInfo(key, uploadId, clock.instant()),
                                        attributes,
                                        acl,
                                        new TreeMap<>()));
                return uploadId;
            }
        }

        @Override
        public DataWriter uploadPart(String bucket, String key, String uploadId, int partNumber, long expectedLength) {
            synchronized (lock) {
                upload(bucket, key, uploadId);
            }
            return new MemoryWriter((etag, checksum, data) -> upload(bucket, key, uploadId)
                    .parts()
                    .put(
                            partNumber,
                            new StoredObject(
                                    new ObjectInfo(
                                            key,
                                            data.length,
                                            etag,
                                            clock.instant(),
                                            ObjectAttributes.of(""),
                                            checksum,
                                            ""),
                                    data,
                                    Acl.PRIVATE)));
        }

        @Override
        public ObjectInfo complete(
                String bucket,
                String key,
                String uploadId,
                List<CompletedPart> parts,
                String etag,
                WriteConditions conditions,
                Optional<ObjectChecksum> checksum) {
            synchronized (lock) {
                check(conditions, bucket(requester, bucket).objects().get(key));
                Upload upload = upload(bucket, key, uploadId);
                ByteArrayOutputStream data = new ByteArrayOutputStream();
                for (int i = 0; i < parts.size(); i++) {
                    CompletedPart part = parts.get(i);
                    StoredObject stored = upload.parts().get(part.partNumber());
                    if (stored == null || !stored.info().etag().equals(part.etag())) {
                        throw new BackendException(BackendStatus.INVALID_PART, "bad part " + part.partNumber());
                    }
                    if (i < parts.size() - 1 && stored.data().length < MIN_PART_SIZE) {
                        throw new BackendException(BackendStatus.ENTITY_TOO_SMALL, "part too small");
                    }
                    data.write(stored.data(), 0, stored.data().length);
                }
                ObjectInfo info =
                        new ObjectInfo(key, data.size(), etag, clock.instant(), upload.attributes(), checksum, "");
                Bucket found = bucket(requester, bucket);
                found.objects().put(key, new StoredObject(info, data.toByteArray(), upload.acl()));
                found.uploads().remove(uploadId);
                return info;
            }
        }

        @Override
        public void abort(String bucket, String key, String uploadId) {
            synchronized (lock) {
                upload(bucket, key, uploadId);
                bucket(requester, bucket).uploads().remove(uploadId);
            }
        }

        @Override
        public List<PartInfo> listParts(String bucket, String key, String uploadId) {
            synchronized (lock) {
                List<PartInfo> parts = new ArrayList<>();
                upload(bucket, key, uploadId)
                        .parts()
                        .forEach((number, part) -> parts.add(new PartInfo(
                                number,
                                part.info().etag(),
                                part.info().size(),
                                part.info().lastModified(),
                                part.info().checksum())));
                return parts;
            }
        }

        @Override
        public List<UploadInfo> listUploads(String bucket, String prefix) {
            synchronized (lock) {
                return InMemoryS3Backend.this.readable(requester, bucket).uploads().values().stream()
                        .map(Upload::info)
                        .filter(info -> info.key().startsWith(prefix))
                        .sorted(java.util.Comparator.comparing(UploadInfo::key).thenComparing(UploadInfo::initiated))
                        .toList();
            }
        }
    }

    /** A stream that fails once it has returned a given number of bytes. */
    private static final class FailingStream extends FilterInputStream {
        private long left;

        FailingStream(InputStream in, long failAfter) {
            super(in);
            this.left = failAfter;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (left <= 0) {
                throw new IOException("no replica of the object's next chunk could be read");
            }
            int n = super.read(buffer, offset, (int) Math.min(length, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }
    }
}
