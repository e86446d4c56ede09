package dev.o3.s3gateway.ozone;

import dev.o3.client.api.KeyArgs;
import dev.o3.client.api.KeyInfo;
import dev.o3.client.api.ObjectStore;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.io.KeyInputStream;
import dev.o3.common.acl.Acl;
import dev.o3.s3gateway.acl.GrantProtos;
import dev.o3.s3gateway.backend.AclInfo;
import dev.o3.s3gateway.backend.DataWriter;
import dev.o3.s3gateway.backend.ObjectAttributes;
import dev.o3.s3gateway.backend.ObjectInfo;
import dev.o3.s3gateway.backend.ObjectReader;
import dev.o3.s3gateway.backend.WriteConditions;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

/** S3 objects as keys of the bucket. */
final class OzoneObjectStore implements dev.o3.s3gateway.backend.ObjectStore {
    private final ObjectStore store;
    private final String volume;

    OzoneObjectStore(ObjectStore store, String volume) {
        this.store = store;
        this.volume = volume;
    }

    @Override
    public DataWriter create(
            String bucket,
            String key,
            ObjectAttributes attributes,
            Acl acl,
            long expectedLength,
            WriteConditions conditions) {
        KeyArgs args = S3KeyMetadata.keyArgs(attributes, acl);
        return OmErrors.call(
                () -> new KeyDataWriter(bucket(bucket).createKey(key, expectedLength, args, conditions(conditions))));
    }

    static dev.o3.client.api.WriteConditions conditions(WriteConditions conditions) {
        return new dev.o3.client.api.WriteConditions(conditions.ifNoneMatch(), conditions.ifMatch());
    }

    @Override
    public ObjectInfo info(String bucket, String key) {
        return S3KeyMetadata.objectInfo(OmErrors.call(() -> bucket(bucket).getKey(key)));
    }

    /** One LookupKey for both the headers and the data (a GET used to look the key up twice). */
    @Override
    public ObjectReader open(String bucket, String key) {
        return reader(OmErrors.call(() -> bucket(bucket).readKey(key)), key);
    }

    /** An opened key (or key version) as an object reader; its info comes from the lookup that opened it. */
    static ObjectReader reader(KeyInputStream in, String key) {
        ObjectInfo info = S3KeyMetadata.objectInfo(KeyInfo.of(in));
        return new ObjectReader() {
            @Override
            public ObjectInfo info() {
                return info;
            }

            @Override
            public InputStream read(long offset, long length) {
                return bounded(in, key, offset, length);
            }

            @Override
            public void close() {
                in.close();
            }
        };
    }

    @Override
    public InputStream read(String bucket, String key, long offset, long length) {
        return bounded(OmErrors.call(() -> bucket(bucket).readKey(key)), key, offset, length);
    }

    private static InputStream bounded(KeyInputStream in, String key, long offset, long length) {
        try {
            in.seek(offset);
        } catch (IOException e) {
            in.close();
            throw OmErrors.io("seek in " + key, e);
        }
        return new BoundedInputStream(in, length);
    }

    @Override
    public void delete(String bucket, String key) {
        OmErrors.run(() -> bucket(bucket).deleteKey(key));
    }

    @Override
    public List<ObjectInfo> list(String bucket, String prefix, String startAfter, int limit) {
        return OmErrors.call(() -> bucket(bucket).listKeys(prefix, startAfter, limit)).stream()
                .map(S3KeyMetadata::objectInfo)
                .toList();
    }

    @Override
    public void setTags(String bucket, String key, Map<String, String> tags) {
        OmErrors.run(() -> bucket(bucket).setTags(key, tags));
    }

    @Override
    public AclInfo acl(String bucket, String key) {
        dev.o3.client.api.AclInfo acl = OmErrors.call(() -> bucket(bucket).keyAcl(key));
        return new AclInfo(acl.owner(), GrantProtos.fromProto(acl.grants()));
    }

    @Override
    public void setAcl(String bucket, String key, Acl acl) {
        OmErrors.run(() -> bucket(bucket).acls().setKey(key, acl));
    }

    /** The bucket by name: no InfoBucket call, which a caller admitted by an object's ACL alone would fail. */
    private OzoneBucket bucket(String bucket) {
        return store.bucket(volume, bucket);
    }
}
