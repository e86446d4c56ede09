package dev.o3.om.token;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.DelegationToken;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.RenewDelegationTokenResponse;

/** Extends a valid token by its renew interval, never past its max lifetime; only its renewer may. */
public final class RenewDelegationTokenHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        DelegationToken token = transaction.getRenewDelegationToken().getToken();
        long now = transaction.getTimeMillis();
        TokenCheck.Valid valid = TokenCheck.checkPresented(mutation, token.getIdentifier(), token.getPassword(), now);
        String renewer = valid.identifier().getRenewer();
        if (transaction.getAnonymous() || !transaction.getUser().equals(renewer)) {
            throw new OmException(
                    OmStatus.PERMISSION_DENIED,
                    (transaction.getAnonymous() ? "an anonymous caller" : transaction.getUser()) + " may not renew "
                            + valid.name() + ": only its renewer " + renewer + " may");
        }
        long expiry = Math.min(
                now + valid.record().getRenewIntervalMillis(),
                valid.identifier().getMaxMillis());
        mutation.put(
                OmSchema.DELEGATION_TOKENS,
                TokenRows.token(valid.identifier().getSequenceNumber()),
                valid.record().toBuilder().setExpiryMillis(expiry).build());
        return RenewDelegationTokenResponse.newBuilder().setExpiryMillis(expiry).build();
    }
}
