package dev.o3.om.db;

import java.util.Comparator;

/** String order equal to RocksDB's byte order of the UTF-8 keys: by code point, not by UTF-16 char. */
public final class KeyOrder {
    public static final Comparator<String> CODE_POINTS = KeyOrder::compare;

    private KeyOrder() {}

    /**
     * Compares char by char, which is code point order except where one side of the first difference is a surrogate:
     * a supplementary code point sorts after every BMP char, but its high surrogate sorts before U+E000..U+FFFF. Only
     * that case pays for decoding code points; the applied-state cache calls this some twenty times per key write.
     */
    public static int compare(String left, String right) {
        int length = Math.min(left.length(), right.length());
        for (int i = 0; i < length; i++) {
            char a = left.charAt(i);
            char b = right.charAt(i);
            if (a != b) {
                return Character.isSurrogate(a) || Character.isSurrogate(b) ? compareCodePoints(left, right, i) : a - b;
            }
        }
        return left.length() - right.length();
    }

    /** Code point order of the two strings, equal before {@code from} (a char index). */
    private static int compareCodePoints(String left, String right, int from) {
        // Start at the code point holding the first difference: back up over a shared high surrogate.
        int i = from > 0 && Character.isHighSurrogate(left.charAt(from - 1)) ? from - 1 : from;
        int a = left.codePointAt(i);
        int b = right.codePointAt(i);
        return a != b ? Integer.compare(a, b) : compare(left.substring(i + 1), right.substring(i + 1));
    }

    /** The smallest key greater than {@code key}. */
    public static String successor(String key) {
        return key + '\0';
    }
}
