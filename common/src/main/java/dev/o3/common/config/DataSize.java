package dev.o3.common.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A number of bytes written the way Ozone configs write them: {@code 5GB}, {@code 256MB}, {@code 16KB},
 * {@code 1MiB}, {@code 4096} (binary units: 1 KB = 1024 bytes, as in Ozone's StorageSize).
 */
public record DataSize(long bytes) {
    private static final Pattern FORMAT =
            Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(B|KB|K|KIB|MB|M|MIB|GB|G|GIB|TB|T|TIB)?", Pattern.CASE_INSENSITIVE);

    public DataSize {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes is negative: " + bytes);
        }
    }

    public static DataSize ofBytes(long bytes) {
        return new DataSize(bytes);
    }

    public static DataSize ofKibibytes(long kib) {
        return new DataSize(Math.multiplyExact(kib, 1024L));
    }

    public static DataSize ofMebibytes(long mib) {
        return new DataSize(Math.multiplyExact(mib, 1024L * 1024));
    }

    public static DataSize ofGibibytes(long gib) {
        return new DataSize(Math.multiplyExact(gib, 1024L * 1024 * 1024));
    }

    /**
     * Parses {@code 5GB}, {@code 1.5 MB}, {@code 4096}.
     *
     * @throws IllegalArgumentException when the text is not a size
     */
    public static DataSize parse(String text) {
        Matcher m = FORMAT.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a data size (expected e.g. 256MB, 16KB, 4096): '" + text + "'");
        }
        double number = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "B" : m.group(2).toUpperCase(Locale.ROOT);
        long multiplier =
                switch (unit.charAt(0)) {
                    case 'K' -> 1L << 10;
                    case 'M' -> 1L << 20;
                    case 'G' -> 1L << 30;
                    case 'T' -> 1L << 40;
                    default -> 1L;
                };
        double bytes = number * multiplier;
        if (bytes >= Long.MAX_VALUE) {
            throw new IllegalArgumentException("data size too large: '" + text + "'");
        }
        return new DataSize((long) bytes);
    }

    /** Integer bytes, for APIs that take an int (buffer sizes). */
    public int toIntBytes() {
        return Math.toIntExact(bytes);
    }

    @Override
    public String toString() {
        String[] units = {"B", "KB", "MB", "GB", "TB"};
        long value = bytes;
        int unit = 0;
        while (unit < units.length - 1 && value != 0 && value % 1024 == 0) {
            value /= 1024;
            unit++;
        }
        return value + units[unit];
    }
}
