package dev.o3.freon.generator;

import java.util.Random;

/** The bytes freon writes into a key of a given size: the same for every key, so readers can validate them. */
final class KeyContent {
    private KeyContent() {}

    static byte[] of(int size) {
        byte[] content = new byte[size];
        new Random(size).nextBytes(content);
        return content;
    }
}
