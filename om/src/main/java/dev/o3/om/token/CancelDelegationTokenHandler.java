package dev.o3.om.token;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.CancelDelegationTokenResponse;
import dev.o3.proto.om.DelegationToken;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;

/** Removes a valid token's row, so no OM accepts it again; only its owner or renewer may. */
public final class CancelDelegationTokenHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        DelegationToken token = transaction.getCancelDelegationToken().getToken();
        TokenCheck.Valid valid = TokenCheck.checkPresented(
                mutation, token.getIdentifier(), token.getPassword(), transaction.getTimeMillis());
        String user = transaction.getUser();
        boolean allowed = !transaction.getAnonymous()
                && (user.equals(valid.identifier().getOwner())
                        || user.equals(valid.identifier().getRenewer()));
        if (!allowed) {
            throw new OmException(
                    OmStatus.PERMISSION_DENIED,
                    (transaction.getAnonymous() ? "an anonymous caller" : user) + " may not cancel " + valid.name()
                            + ": only its owner or its renewer "
                            + valid.identifier().getRenewer() + " may");
        }
        mutation.delete(
                OmSchema.DELEGATION_TOKENS, TokenRows.token(valid.identifier().getSequenceNumber()));
        return CancelDelegationTokenResponse.getDefaultInstance();
    }
}
