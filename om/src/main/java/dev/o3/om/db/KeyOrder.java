package dev.o3.om.db;

import java.util.Comparator;

/** String order equal to RocksDB's byte order of the UTF-8 keys: by code point, not by UTF-16 char. */
public final class KeyOrder {
    public static final Comparator<String> CODE_POINTS = KeyOrder::compare;

    private KeyOrder() {}

    public static int compare(String left, String right) {
        int i = 0;
        int j = 0;
        while (i < left.length() && j < right.length()) {
            int a = left.codePointAt(i);
            int b = right.codePointAt(j);
            if (a != b) {
                return Integer.compare(a, b);
            }
            i += Character.charCount(a);
            j += Character.charCount(b);
        }
        return Integer.compare(left.length() - i, right.length() - j);
    }

    /** The smallest key greater than {@code key}. */
    public static String successor(String key) {
        return key + '\0';
    }
}
