package dev.o3.om.token;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import dev.o3.common.security.DelegationTokens;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.DelegationKeyRecord;
import dev.o3.proto.om.DelegationToken;
import dev.o3.proto.om.DelegationTokenIdentifier;
import dev.o3.proto.om.DelegationTokenRecord;
import dev.o3.proto.om.GetDelegationTokenRequest;
import dev.o3.proto.om.GetDelegationTokenResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;

/**
 * Issues a delegation token to the caller: signed with the newest delegation key, numbered with a new object id,
 * valid for the renew interval and at most the max lifetime the leader put into the request.
 */
public final class GetDelegationTokenHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        GetDelegationTokenRequest request = transaction.getGetDelegationToken();
        if (transaction.getAnonymous()) {
            throw new OmException(OmStatus.PERMISSION_DENIED, "an anonymous caller gets no delegation token");
        }
        if (request.getMaxLifetimeMillis() <= 0 || request.getRenewIntervalMillis() <= 0) {
            throw new OmException(OmStatus.INVALID_REQUEST, "the token's lifetimes were not set by the leader");
        }
        DelegationKeyRecord key = TokenRows.newestKey(mutation)
                .orElseThrow(() -> new OmException(
                        OmStatus.LEADER_NOT_READY, "no delegation key yet: the leader makes one at start; retry"));
        long now = transaction.getTimeMillis();
        String owner = transaction.getUser();
        DelegationTokenIdentifier identifier = DelegationTokenIdentifier.newBuilder()
                .setOwner(owner)
                .setRenewer(request.getRenewer().isBlank() ? owner : request.getRenewer())
                .setIssueMillis(now)
                .setMaxMillis(now + request.getMaxLifetimeMillis())
                .setSequenceNumber(mutation.nextObjectId())
                .setKeyId(key.getId())
                .build();
        ByteString bytes = identifier.toByteString();
        long expiry = Math.min(now + request.getRenewIntervalMillis(), identifier.getMaxMillis());
        mutation.put(
                OmSchema.DELEGATION_TOKENS,
                TokenRows.token(identifier.getSequenceNumber()),
                DelegationTokenRecord.newBuilder()
                        .setIdentifier(bytes)
                        .setExpiryMillis(expiry)
                        .setRenewIntervalMillis(request.getRenewIntervalMillis())
                        .build());
        return GetDelegationTokenResponse.newBuilder()
                .setToken(DelegationToken.newBuilder()
                        .setIdentifier(bytes)
                        .setPassword(ByteString.copyFrom(
                                DelegationTokens.password(key.getKey().toByteArray(), bytes.toByteArray())))
                        .setKind(DelegationTokens.KIND))
                .setExpiryMillis(expiry)
                .build();
    }
}
