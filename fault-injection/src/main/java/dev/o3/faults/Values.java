package dev.o3.faults;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.SplittableRandom;

/** Object contents: deterministic bytes per value id, identified in the history by their SHA-256. */
final class Values {
    private Values() {}

    static byte[] content(long valueId, int size) {
        byte[] data = new byte[size];
        SplittableRandom random = new SplittableRandom(valueId);
        for (int i = 0; i < size; i += 8) {
            long word = random.nextLong();
            for (int j = 0; j < 8 && i + j < size; j++) {
                data[i + j] = (byte) (word >>> (8 * j));
            }
        }
        return data;
    }

    static String hash(byte[] data) {
        MessageDigest digest = sha256();
        return HexFormat.of().formatHex(digest.digest(data));
    }

    /** The SHA-256 of everything {@code in} yields; reads it to the end. */
    static String hash(InputStream in) throws IOException {
        return hash(in, -1);
    }

    /**
     * The SHA-256 of a body announced as {@code expectedLength} bytes (-1: unknown).
     *
     * @throws EOFException when the body ends early: a server killed mid-body closes its sockets in order, and the
     *     JDK's HttpURLConnection (the SDK's UrlConnectionHttpClient) takes that end as the body's, where a client
     *     that checks Content-Length, as the Apache and Netty ones do, fails the read
     */
    static String hash(InputStream in, long expectedLength) throws IOException {
        MessageDigest digest = sha256();
        byte[] buffer = new byte[64 * 1024];
        long read = 0;
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            digest.update(buffer, 0, n);
            read += n;
        }
        if (expectedLength >= 0 && read != expectedLength) {
            throw new EOFException("the body ended after " + read + " of its " + expectedLength + " bytes");
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** Sizes from 0 B to 20 MB, most of them small so a 2-core machine keeps a useful operation rate. */
    static int size(SplittableRandom random) {
        int bucket = random.nextInt(100);
        if (bucket < 10) {
            return 0;
        } else if (bucket < 55) {
            return random.nextInt(1, 16 * 1024);
        } else if (bucket < 85) {
            return random.nextInt(16 * 1024, 1024 * 1024);
        } else if (bucket < 97) {
            return random.nextInt(1024 * 1024, 6 * 1024 * 1024);
        }
        return random.nextInt(6 * 1024 * 1024, 20 * 1024 * 1024 + 1);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JDK", e);
        }
    }
}
