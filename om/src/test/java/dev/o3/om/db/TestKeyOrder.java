package dev.o3.om.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TestKeyOrder {
    /** Chars around every boundary the fast path must get right: ASCII, Latin-1, surrogates, U+E000..U+FFFF. */
    private static final char[] ALPHABET = {
        'a', 'b', '/', '\0', '\u00e9', '\u07ff', '\u0800', '\ud7ff', '\ud800', '\udbff', '\udc00', '\udfff', '\ue000',
        '\uffff'
    };

    private final Random random = new Random(42);

    @Test
    void ordersWellFormedKeysAsRocksDbOrdersTheirUtf8Bytes() {
        for (int i = 0; i < 200_000; i++) {
            String left = wellFormed();
            String right = random.nextInt(4) == 0 ? left + wellFormed() : wellFormed();
            assertThat(Integer.signum(KeyOrder.compare(left, right)))
                    .as("%s vs %s", escape(left), escape(right))
                    .isEqualTo(Integer.signum(Arrays.compareUnsigned(utf8(left), utf8(right))));
        }
    }

    @Test
    void ordersAnyStringsByCodePoint() {
        for (int i = 0; i < 200_000; i++) {
            String shared = anyChars();
            String left = shared + anyChars();
            String right = shared + anyChars();
            assertThat(Integer.signum(KeyOrder.compare(left, right)))
                    .as("%s vs %s", escape(left), escape(right))
                    .isEqualTo(Integer.signum(Arrays.compare(
                            left.codePoints().toArray(), right.codePoints().toArray())));
        }
    }

    @Test
    void aSupplementaryCodePointSortsAfterTheLastBmpChars() {
        assertThat(KeyOrder.compare("k\ud83d\ude00", "k\uffff")).isPositive();
        assertThat(KeyOrder.compare("k\ue000", "k\ud800\udc00")).isNegative();
        assertThat(KeyOrder.compare("k", KeyOrder.successor("k"))).isNegative();
        assertThat(KeyOrder.compare("key", "key")).isZero();
    }

    private String anyChars() {
        char[] chars = new char[random.nextInt(4)];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return new String(chars);
    }

    private String wellFormed() {
        StringBuilder key = new StringBuilder();
        for (int n = random.nextInt(4); n > 0; n--) {
            char c = ALPHABET[random.nextInt(ALPHABET.length)];
            if (Character.isHighSurrogate(c)) {
                key.append(c).append((char) ('\udc00' + random.nextInt(1024)));
            } else if (!Character.isLowSurrogate(c)) {
                key.append(c);
            }
        }
        return key.toString();
    }

    private static byte[] utf8(String key) {
        return key.getBytes(StandardCharsets.UTF_8);
    }

    private static String escape(String key) {
        StringBuilder escaped = new StringBuilder();
        key.chars().forEach(c -> escaped.append(String.format("\\u%04x", c)));
        return escaped.toString();
    }
}
