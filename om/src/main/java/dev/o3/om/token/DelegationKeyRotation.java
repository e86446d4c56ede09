package dev.o3.om.token;

import com.google.protobuf.ByteString;
import dev.o3.om.apply.AppliedTransaction;
import dev.o3.om.db.OmStore;
import dev.o3.om.security.DelegationTokenConfig;
import dev.o3.proto.om.DelegationKeyRecord;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.RotateDelegationKeyRequest;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The leader's side of delegation keys: when there is none yet, or the newest is older than the update interval, it
 * makes 32 random bytes and logs them as a new key (RotateDelegationKeyRequest), so that every OM, and any later
 * leader, holds the same keys and verifies every token. Run periodically by the background services.
 */
public final class DelegationKeyRotation {
    private static final Logger LOG = LoggerFactory.getLogger(DelegationKeyRotation.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String logPrefix;
    private final BooleanSupplier isLeader;
    private final Supplier<OmStore> store;
    private final Clock clock;
    private final String serverUser;
    private final DelegationTokenConfig config;
    private final Function<OmTransaction, AppliedTransaction> submit;

    /**
     * @param submit logs a transaction through Ratis and waits for it to be applied
     */
    public DelegationKeyRotation(
            String logPrefix,
            BooleanSupplier isLeader,
            Supplier<OmStore> store,
            Clock clock,
            String serverUser,
            DelegationTokenConfig config,
            Function<OmTransaction, AppliedTransaction> submit) {
        this.logPrefix = logPrefix;
        this.isLeader = isLeader;
        this.store = store;
        this.clock = clock;
        this.serverUser = serverUser;
        this.config = config;
        this.submit = submit;
    }

    /** Makes a new key when this OM leads and one is due; returns whether it did. */
    public boolean rotateIfDue() {
        if (!isLeader.getAsBoolean()) {
            return false;
        }
        long now = clock.millis();
        Optional<DelegationKeyRecord> newest = TokenRows.newestKey(store.get());
        if (newest.isPresent()
                && now - newest.get().getCreationMillis()
                        < config.keyUpdateInterval().toMillis()) {
            return false;
        }
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        int id = newest.map(record -> record.getId() + 1).orElse(1);
        AppliedTransaction applied = submit.apply(OmTransaction.newBuilder()
                .setUser(serverUser)
                .setAdmin(true)
                .setTimeMillis(now)
                .setRotateDelegationKey(RotateDelegationKeyRequest.newBuilder()
                        .setKey(DelegationKeyRecord.newBuilder()
                                .setId(id)
                                .setKey(ByteString.copyFrom(key))
                                .setCreationMillis(now)
                                .setExpiryMillis(now + config.keyLifetime().toMillis())))
                .build());
        if (applied.error().isPresent()) {
            LOG.warn(
                    "[{}] delegation key {} not made: {}",
                    logPrefix,
                    id,
                    applied.error().get());
            return false;
        }
        LOG.info("[{}] made delegation key {}", logPrefix, id);
        return true;
    }
}
