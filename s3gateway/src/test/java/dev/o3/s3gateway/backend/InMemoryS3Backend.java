package dev.o3.s3gateway.backend;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test fake of the backend port: buckets, objects and multipart uploads in memory, with the OM's ownership rule
 * (only the owner may use a bucket) and multipart checks. Thread-safe (one lock for all state).
 */
public final class InMemoryS3Backend implements S3Backend {
    private static final long MIN_PART_SIZE = 5L * 1024 * 1024;

    private final Clock clock;
    private final Map<String, S3Credentials> credentials = new ConcurrentHashMap<>();
    private final Map<String, Bucket> buckets = new TreeMap<>();
    private final Object lock = new Object();

    public InMemoryS3Backend(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock is null");
    }

    /** Registers an access key acting as {@code user}. */
    public InMemoryS3Backend withCredentials(String accessKeyId, String secretKey, String user) {
        credentials.put(accessKeyId, new S3Credentials(accessKeyId, secretKey, user));
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
    public BucketStore buckets(String user) {
        return new Buckets(user);
    }

    @Override
    public ObjectStore objects(String user) {
        return new Objects3(user);
    }

    @Override
    public MultipartStore multipart(String user) {
        return new Multipart(user);
    }

    private record Bucket(BucketInfo info, TreeMap<String, StoredObject> objects, Map<String, Upload> uploads) {}

    /** An object's or part's info and bytes. */
    private static final class StoredObject {
        private final ObjectInfo info;
        private final byte[] data;

        StoredObject(ObjectInfo info, byte[] data) {
            this.info = info;
            this.data = data;
        }

        ObjectInfo info() {
            return info;
        }

        byte[] data() {
            return data;
        }
    }

    private record Upload(UploadInfo info, ObjectAttributes attributes, TreeMap<Integer, StoredObject> parts) {}

    private Bucket bucket(String user, String name) {
        Bucket bucket = buckets.get(name);
        if (bucket == null) {
            throw new BackendException(BackendStatus.BUCKET_NOT_FOUND, "no bucket " + name);
        }
        if (!bucket.info().owner().equals(user)) {
            throw new BackendException(BackendStatus.PERMISSION_DENIED, user + " does not own " + name);
        }
        return bucket;
    }

    private final class Buckets implements BucketStore {
        private final String user;

        Buckets(String user) {
            this.user = user;
        }

        @Override
        public void create(String bucket) {
            synchronized (lock) {
                if (buckets.containsKey(bucket)) {
                    throw new BackendException(BackendStatus.BUCKET_ALREADY_EXISTS, "bucket exists: " + bucket);
                }
                buckets.put(
                        bucket,
                        new Bucket(new BucketInfo(bucket, user, clock.instant()), new TreeMap<>(), new HashMap<>()));
            }
        }

        @Override
        public BucketInfo info(String bucket) {
            synchronized (lock) {
                return bucket(user, bucket).info();
            }
        }

        @Override
        public void delete(String bucket) {
            synchronized (lock) {
                Bucket found = bucket(user, bucket);
                if (!found.objects().isEmpty() || !found.uploads().isEmpty()) {
                    throw new BackendException(BackendStatus.BUCKET_NOT_EMPTY, "bucket not empty: " + bucket);
                }
                buckets.remove(bucket);
            }
        }

        @Override
        public List<BucketInfo> list() {
            synchronized (lock) {
                return buckets.values().stream()
                        .map(Bucket::info)
                        .filter(info -> info.owner().equals(user))
                        .toList();
            }
        }
    }

    /** Collects written data; commits run an action under the lock. */
    private final class MemoryWriter implements DataWriter {
        private final ByteArrayOutputStream data = new ByteArrayOutputStream();
        private final java.util.function.BiConsumer<String, byte[]> onCommit;
        private boolean finished;

        MemoryWriter(java.util.function.BiConsumer<String, byte[]> onCommit) {
            this.onCommit = onCommit;
        }

        @Override
        public void write(ByteBuffer buffer) {
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            data.write(bytes, 0, bytes.length);
        }

        @Override
        public void commit(String etag) {
            if (finished) {
                throw new IllegalStateException("already finished");
            }
            finished = true;
            synchronized (lock) {
                onCommit.accept(etag, data.toByteArray());
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
        private final String user;

        Objects3(String user) {
            this.user = user;
        }

        @Override
        public DataWriter create(String bucket, String key, ObjectAttributes attributes, long expectedLength) {
            synchronized (lock) {
                bucket(user, bucket);
            }
            return new MemoryWriter((etag, data) -> bucket(user, bucket)
                    .objects()
                    .put(
                            key,
                            new StoredObject(
                                    new ObjectInfo(key, data.length, etag, clock.instant(), attributes), data)));
        }

        @Override
        public ObjectInfo info(String bucket, String key) {
            synchronized (lock) {
                return stored(bucket, key).info();
            }
        }

        private StoredObject stored(String bucket, String key) {
            StoredObject object = bucket(user, bucket).objects().get(key);
            if (object == null) {
                throw new BackendException(BackendStatus.KEY_NOT_FOUND, "no key " + key);
            }
            return object;
        }

        @Override
        public InputStream read(String bucket, String key, long offset, long length) {
            synchronized (lock) {
                byte[] data = stored(bucket, key).data();
                return new ByteArrayInputStream(data, (int) offset, (int) length);
            }
        }

        @Override
        public void delete(String bucket, String key) {
            synchronized (lock) {
                if (bucket(user, bucket).objects().remove(key) == null) {
                    throw new BackendException(BackendStatus.KEY_NOT_FOUND, "no key " + key);
                }
            }
        }

        @Override
        public List<ObjectInfo> list(String bucket, String prefix, String startAfter, int limit) {
            synchronized (lock) {
                return bucket(user, bucket).objects().tailMap(startAfter, false).values().stream()
                        .map(StoredObject::info)
                        .filter(info -> info.key().startsWith(prefix))
                        .limit(limit)
                        .toList();
            }
        }

        @Override
        public void setTags(String bucket, String key, Map<String, String> tags) {
            synchronized (lock) {
                StoredObject object = stored(bucket, key);
                ObjectInfo info = object.info();
                ObjectAttributes attributes = info.attributes().withTags(tags);
                bucket(user, bucket)
                        .objects()
                        .put(
                                key,
                                new StoredObject(
                                        new ObjectInfo(key, info.size(), info.etag(), info.lastModified(), attributes),
                                        object.data()));
            }
        }
    }

    private final class Multipart implements MultipartStore {
        private final String user;

        Multipart(String user) {
            this.user = user;
        }

        private Upload upload(String bucket, String key, String uploadId) {
            Upload upload = bucket(user, bucket).uploads().get(uploadId);
            if (upload == null || !upload.info().key().equals(key)) {
                throw new BackendException(BackendStatus.NO_SUCH_MULTIPART_UPLOAD, "no upload " + uploadId);
            }
            return upload;
        }

        @Override
        public String initiate(String bucket, String key, ObjectAttributes attributes) {
            synchronized (lock) {
                String uploadId = UUID.randomUUID().toString();
                bucket(user, bucket)
                        .uploads()
                        .put(
                                uploadId,
                                new Upload(
                                        new UploadInfo(key, uploadId, clock.instant()), attributes, new TreeMap<>()));
                return uploadId;
            }
        }

        @Override
        public DataWriter uploadPart(String bucket, String key, String uploadId, int partNumber, long expectedLength) {
            synchronized (lock) {
                upload(bucket, key, uploadId);
            }
            return new MemoryWriter((etag, data) -> upload(bucket, key, uploadId)
                    .parts()
                    .put(
                            partNumber,
                            new StoredObject(
                                    new ObjectInfo(key, data.length, etag, clock.instant(), ObjectAttributes.of("")),
                                    data)));
        }

        @Override
        public ObjectInfo complete(String bucket, String key, String uploadId, List<CompletedPart> parts, String etag) {
            synchronized (lock) {
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
                ObjectInfo info = new ObjectInfo(key, data.size(), etag, clock.instant(), upload.attributes());
                Bucket found = bucket(user, bucket);
                found.objects().put(key, new StoredObject(info, data.toByteArray()));
                found.uploads().remove(uploadId);
                return info;
            }
        }

        @Override
        public void abort(String bucket, String key, String uploadId) {
            synchronized (lock) {
                upload(bucket, key, uploadId);
                bucket(user, bucket).uploads().remove(uploadId);
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
                                part.info().lastModified())));
                return parts;
            }
        }

        @Override
        public List<UploadInfo> listUploads(String bucket, String prefix) {
            synchronized (lock) {
                return bucket(user, bucket).uploads().values().stream()
                        .map(Upload::info)
                        .filter(info -> info.key().startsWith(prefix))
                        .sorted(java.util.Comparator.comparing(UploadInfo::key).thenComparing(UploadInfo::initiated))
                        .toList();
            }
        }
    }
}
