package dev.o3.om.token;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.DelegationKeyRecord;
import dev.o3.proto.om.DelegationTokenRecord;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.RotateDelegationKeyRequest;
import dev.o3.server.db.KeyValue;

/**
 * Adds the leader's new delegation key (tokens are signed with it from now on) and drops expired keys and expired
 * tokens.
 */
public final class RotateDelegationKeyHandler implements WriteRequest {
    private static final int TOKEN_BATCH = 100_000;

    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        DelegationKeyRecord key = transaction.getRotateDelegationKey().getKey();
        String row = TokenRows.key(key.getId());
        if (mutation.get(OmSchema.DELEGATION_KEYS, row).isPresent()) {
            throw new OmException(OmStatus.INVALID_REQUEST, "delegation key " + key.getId() + " exists already");
        }
        long now = transaction.getTimeMillis();
        for (KeyValue<String, DelegationKeyRecord> old : TokenRows.keys(mutation)) {
            if (old.value().getExpiryMillis() < now) {
                mutation.delete(OmSchema.DELEGATION_KEYS, old.key());
            }
        }
        for (KeyValue<String, DelegationTokenRecord> token :
                mutation.scan(OmSchema.DELEGATION_TOKENS, "", "", TOKEN_BATCH)) {
            if (token.value().getExpiryMillis() < now) {
                mutation.delete(OmSchema.DELEGATION_TOKENS, token.key());
            }
        }
        mutation.put(OmSchema.DELEGATION_KEYS, row, key);
        // the reply names the key without its bytes
        return RotateDelegationKeyRequest.newBuilder()
                .setKey(key.toBuilder().clearKey())
                .build();
    }
}
