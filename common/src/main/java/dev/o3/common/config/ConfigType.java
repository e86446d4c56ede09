package dev.o3.common.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a configuration value is parsed, and how its type is named in the generated reference.
 *
 * @param <T> the parsed value's type
 */
public final class ConfigType<T> {
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)?", Pattern.CASE_INSENSITIVE);

    private static final Pattern COMMA = Pattern.compile(",");

    public static final ConfigType<String> STRING = new ConfigType<>("string", s -> s);
    public static final ConfigType<Boolean> BOOLEAN = new ConfigType<>("boolean", ConfigType::parseBoolean);
    public static final ConfigType<DataSize> DATA_SIZE = new ConfigType<>("size", DataSize::parse);
    public static final ConfigType<Duration> DURATION_TYPE = new ConfigType<>("duration", ConfigType::parseDuration);
    public static final ConfigType<List<String>> STRING_LIST = new ConfigType<>("list", ConfigType::parseList);
    public static final ConfigType<List<Path>> PATH_LIST = new ConfigType<>(
            "path list", s -> parseList(s).stream().map(Path::of).toList());
    public static final ConfigType<Path> PATH = new ConfigType<>("path", s -> Path.of(s.trim()));

    private final String typeName;
    private final Function<String, T> parser;

    private ConfigType(String typeName, Function<String, T> parser) {
        this.typeName = typeName;
        this.parser = parser;
    }

    /** An integer within {@code [min, max]}. */
    public static ConfigType<Integer> intRange(int min, int max) {
        String name = max == Integer.MAX_VALUE ? "int >= " + min : "int " + min + ".." + max;
        return new ConfigType<>(name, s -> {
            int value;
            try {
                value = Integer.parseInt(s.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not an integer", e);
            }
            if (value < min || value > max) {
                throw new IllegalArgumentException("must be between " + min + " and " + max);
            }
            return value;
        });
    }

    /** A decimal number within {@code [min, max]}. */
    public static ConfigType<Double> doubleRange(double min, double max) {
        return new ConfigType<>("number " + min + ".." + max, s -> {
            double value;
            try {
                value = Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a number", e);
            }
            if (!(value >= min && value <= max)) {
                throw new IllegalArgumentException("must be between " + min + " and " + max);
            }
            return value;
        });
    }

    /** A {@code host:port} address; a bare host gets {@code defaultPort}. */
    public static ConfigType<HostAndPort> address(int defaultPort) {
        return new ConfigType<>("host:port", s -> HostAndPort.parse(s, defaultPort));
    }

    /** One of a fixed set of lower-case words. */
    public static ConfigType<String> oneOf(String... allowed) {
        List<String> values = Arrays.asList(allowed);
        return new ConfigType<>("one of " + String.join("|", values), s -> {
            String value = s.trim().toLowerCase(Locale.ROOT);
            if (!values.contains(value)) {
                throw new IllegalArgumentException("must be one of " + values);
            }
            return value;
        });
    }

    public String typeName() {
        return typeName;
    }

    /**
     * Parses a raw value.
     *
     * @throws IllegalArgumentException with the reason when the value does not fit this type
     */
    public T parse(String raw) {
        return parser.apply(raw);
    }

    private static boolean parseBoolean(String s) {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("must be true or false");
        };
    }

    private static Duration parseDuration(String s) {
        Matcher m = DURATION.matcher(s.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a duration (expected e.g. 500ms, 30s, 5m, 1h)");
        }
        long amount = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "ms" : m.group(2).toLowerCase(Locale.ROOT);
        return switch (unit) {
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            case "h" -> Duration.ofHours(amount);
            case "d" -> Duration.ofDays(amount);
            default -> Duration.ofMillis(amount);
        };
    }

    private static List<String> parseList(String s) {
        return COMMA.splitAsStream(s)
                .map(String::trim)
                .filter(part -> !part.isEmpty())
                .toList();
    }
}
