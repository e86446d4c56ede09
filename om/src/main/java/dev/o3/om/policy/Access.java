package dev.o3.om.policy;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a call asks for, as a bucket policy sees it: an S3 action (e.g. {@code s3:GetObject}), the key it acts on
 * (empty for the bucket itself) and the request context its conditions test ({@code aws:SourceIp},
 * {@code aws:SecureTransport}, {@code s3:prefix}, ...; keys in lower case). Immutable.
 *
 * @param action the S3 action; empty when the call names none, and then no policy applies
 * @param key the key name, empty for the bucket
 * @param context condition key (lower case) to value
 */
public record Access(String action, String key, Map<String, String> context) {
    /** No action: bucket policies do not apply. */
    public static final Access NONE = new Access("", "", Map.of());

    public Access {
        Objects.requireNonNull(action, "action is null");
        Objects.requireNonNull(key, "key is null");
        context = Map.copyOf(context);
    }

    /** The same context with another action and key. */
    public Access withAction(String newAction, String newKey) {
        return new Access(newAction, newKey, context);
    }

    /** The same access with one more context value. */
    public Access withContext(String conditionKey, String value) {
        Map<String, String> copy = new HashMap<>(context);
        copy.put(conditionKey.toLowerCase(Locale.ROOT), value);
        return new Access(action, key, copy);
    }

    /** The value of a condition key (any case), if the request has one. */
    public Optional<String> value(String conditionKey) {
        return Optional.ofNullable(context.get(conditionKey.toLowerCase(Locale.ROOT)));
    }
}
