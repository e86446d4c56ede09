package dev.o3.test.e2e;

import dev.o3.client.api.OzoneBucket;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;

/** Test data that never has to fit in memory: a seeded stream of bytes, compared by digest. */
final class Keys {
    private static final int BUFFER = 1 << 20;

    private Keys() {}

    static byte[] random(int size) {
        byte[] data = new byte[size];
        new Random(size).nextBytes(data);
        return data;
    }

    /** Writes {@code size} seeded bytes; calls {@code midway} once, after about a third. Returns the SHA-256. */
    static String write(OzoneBucket bucket, String name, long size, Runnable midway) throws IOException {
        return write(bucket, name, size, size / 3, midway);
    }

    /**
     * Writes {@code size} seeded bytes; calls {@code midway} once, as soon as {@code triggerAt} bytes are written.
     * Returns the SHA-256.
     */
    static String write(OzoneBucket bucket, String name, long size, long triggerAt, Runnable midway)
            throws IOException {
        MessageDigest digest = sha256();
        Random random = new Random(size);
        byte[] buffer = new byte[BUFFER];
        boolean fired = false;
        try (OutputStream out = bucket.createKey(name, size, Map.of())) {
            for (long written = 0; written < size; ) {
                int n = (int) Math.min(buffer.length, size - written);
                random.nextBytes(buffer);
                out.write(buffer, 0, n);
                digest.update(buffer, 0, n);
                written += n;
                if (!fired && written >= triggerAt) {
                    fired = true;
                    midway.run();
                }
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    static String readDigest(OzoneBucket bucket, String name) throws IOException {
        MessageDigest digest = sha256();
        byte[] buffer = new byte[BUFFER];
        try (InputStream in = bucket.readKey(name)) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
