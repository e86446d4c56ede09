package dev.o3.freon.generator;

import dev.o3.common.config.DataSize;
import java.util.Random;

/** The bytes freon writes into a key of a given size: the same for every key, so readers can validate them. */
final class KeyContent {
    private KeyContent() {}

    /**
     * The content for a {@code --size} option such as {@code 64KB}.
     *
     * @throws IllegalArgumentException for a malformed, negative or over-2GB size
     */
    static byte[] ofSize(String size) {
        DataSize parsed = DataSize.parse(size);
        if (parsed.bytes() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--size must be below 2GB, not " + size);
        }
        return of((int) parsed.bytes());
    }

    static byte[] of(int size) {
        byte[] content = new byte[size];
        new Random(size).nextBytes(content);
        return content;
    }
}
