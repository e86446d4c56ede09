package dev.o3.om.token;

import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.proto.om.DelegationKeyRecord;
import dev.o3.server.db.KeyValue;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Row keys of the delegation tables, and the newest key. */
public final class TokenRows {
    /** More keys than ever live at once (a key lives its update interval plus a token's max lifetime). */
    private static final int MAX_KEYS = 10_000;

    private TokenRows() {}

    /** The row of delegation key {@code id}: 10 digits, so rows sort by id. */
    public static String key(int id) {
        return String.format(Locale.ROOT, "%010d", id);
    }

    /** The row of the token with {@code sequenceNumber}: 20 digits. */
    public static String token(long sequenceNumber) {
        return String.format(Locale.ROOT, "%020d", sequenceNumber);
    }

    /** The key tokens are signed with now: the one with the highest id. */
    public static Optional<DelegationKeyRecord> newestKey(ReadView rows) {
        List<KeyValue<String, DelegationKeyRecord>> keys = rows.scan(OmSchema.DELEGATION_KEYS, "", "", MAX_KEYS);
        return keys.isEmpty()
                ? Optional.empty()
                : Optional.of(keys.get(keys.size() - 1).value());
    }

    /** Every key, oldest first. */
    static List<KeyValue<String, DelegationKeyRecord>> keys(ReadView rows) {
        return rows.scan(OmSchema.DELEGATION_KEYS, "", "", MAX_KEYS);
    }
}
