package dev.o3.s3gateway.auth;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SigV4 signing keys by secret and credential scope. Deriving one is four HMACs, each with its own {@code Mac} lookup,
 * on every request, while a client uses one key all day (the scope's date); here it is derived once per secret and
 * scope. A secret that changes keys a new entry. At most {@value #MAX_KEYS} keys are kept; past that the map starts
 * over, which costs one derivation per key in use. Thread-safe.
 */
final class SigningKeys {
    static final int MAX_KEYS = 4096;

    private final Map<Scoped, byte[]> keys = new ConcurrentHashMap<>();

    /** {@link SigV4#signingKey}, a copy of it. */
    byte[] of(String secretKey, CredentialScope scope) {
        Scoped scoped = new Scoped(secretKey, scope);
        byte[] key = keys.get(scoped);
        if (key == null) {
            key = SigV4.signingKey(secretKey, scope);
            if (keys.size() >= MAX_KEYS) {
                keys.clear();
            }
            keys.put(scoped, key);
        }
        return key.clone();
    }

    private record Scoped(String secretKey, CredentialScope scope) {}
}
