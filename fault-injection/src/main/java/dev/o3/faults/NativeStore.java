package dev.o3.faults;

import dev.o3.client.api.KeyInfo;
import dev.o3.client.api.OzoneBucket;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.io.KeyOutputStream;
import dev.o3.client.om.OmException;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.proto.om.OmStatus;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The gateway's bucket through the native client: OM and datanodes directly, OM failover included. */
final class NativeStore implements KeyStore {
    private final OzoneClient client;
    private final OzoneBucket bucket;

    NativeStore(OzoneConfiguration conf, String user, String volume, String bucketName) {
        this.client = OzoneClient.create(conf, user);
        this.bucket = client.objectStore().getBucket(volume, bucketName);
    }

    @Override
    public String name() {
        return "native";
    }

    /**
     * Writes the key; only {@code close} commits it at OM, so a failure before (opening the key, writing its blocks)
     * is a {@link NotApplied}: nothing became visible.
     */
    @Override
    public void put(String key, byte[] data) throws IOException {
        KeyOutputStream out;
        try {
            out = bucket.createKey(key, data.length, Map.of());
        } catch (RuntimeException e) {
            throw new NotApplied(e);
        }
        try {
            out.write(data);
        } catch (IOException | RuntimeException e) {
            out.abort();
            throw new NotApplied(e);
        }
        out.close();
    }

    /** Deletes the key; a "no such key" answer is {@link OmException} KEY_NOT_FOUND, left to the caller. */
    @Override
    public void delete(String key) {
        bucket.deleteKey(key);
    }

    @Override
    public Optional<String> get(String key) throws IOException {
        try (InputStream in = bucket.readKey(key)) {
            return Optional.of(Values.hash(in));
        } catch (OmException e) {
            if (isKeyNotFound(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    @Override
    public Set<String> list() {
        Set<String> keys = new HashSet<>();
        String after = "";
        while (true) {
            List<KeyInfo> page = bucket.listKeys("", after, 1000);
            page.forEach(key -> keys.add(key.name()));
            if (page.size() < 1000) {
                return keys;
            }
            after = page.get(page.size() - 1).name();
        }
    }

    static boolean isKeyNotFound(Exception e) {
        return e instanceof OmException om && om.status() == OmStatus.KEY_NOT_FOUND;
    }

    /** Only a put that failed before its commit; any other failure may have reached OM's log. */
    @Override
    public boolean definitelyFailed(Exception failure) {
        return failure instanceof NotApplied;
    }

    @Override
    public void close() {
        client.close();
    }

    /** A write that failed before it could take effect. */
    static final class NotApplied extends IOException {
        private static final long serialVersionUID = 1L;

        NotApplied(Exception cause) {
            super("not applied: " + cause.getMessage(), cause);
        }
    }
}
