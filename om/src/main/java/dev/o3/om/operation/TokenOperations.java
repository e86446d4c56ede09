package dev.o3.om.operation;

import static dev.o3.om.operation.WriteOperation.client;
import static dev.o3.om.operation.WriteOperation.internal;

import dev.o3.om.token.CancelDelegationTokenHandler;
import dev.o3.om.token.GetDelegationTokenHandler;
import dev.o3.om.token.RenewDelegationTokenHandler;
import dev.o3.om.token.RotateDelegationKeyHandler;
import dev.o3.proto.om.CancelDelegationTokenRequest;
import dev.o3.proto.om.CancelDelegationTokenResponse;
import dev.o3.proto.om.GetDelegationTokenRequest;
import dev.o3.proto.om.GetDelegationTokenResponse;
import dev.o3.proto.om.OmTransaction.RequestCase;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.RenewDelegationTokenRequest;
import dev.o3.proto.om.RenewDelegationTokenResponse;
import dev.o3.proto.om.RotateDelegationKeyRequest;
import java.util.List;

/** The write operations of delegation tokens and their keys; {@link WriteOperations} lists them with the others. */
final class TokenOperations {
    static final WriteOperation<GetDelegationTokenRequest, GetDelegationTokenResponse> GET = client(
            OzoneManagerServiceGrpc.getGetDelegationTokenMethod(),
            RequestCase.GET_DELEGATION_TOKEN,
            GetDelegationTokenResponse.getDefaultInstance(),
            settings -> new GetDelegationTokenHandler(),
            WriteOperations.prepared(leader -> leader::delegationToken));

    static final WriteOperation<RenewDelegationTokenRequest, RenewDelegationTokenResponse> RENEW = client(
            OzoneManagerServiceGrpc.getRenewDelegationTokenMethod(),
            RequestCase.RENEW_DELEGATION_TOKEN,
            RenewDelegationTokenResponse.getDefaultInstance(),
            settings -> new RenewDelegationTokenHandler(),
            WriteOperations.logged((transaction, request) -> transaction.setRenewDelegationToken(request)));

    static final WriteOperation<CancelDelegationTokenRequest, CancelDelegationTokenResponse> CANCEL = client(
            OzoneManagerServiceGrpc.getCancelDelegationTokenMethod(),
            RequestCase.CANCEL_DELEGATION_TOKEN,
            CancelDelegationTokenResponse.getDefaultInstance(),
            settings -> new CancelDelegationTokenHandler(),
            WriteOperations.logged((transaction, request) -> transaction.setCancelDelegationToken(request)));

    static final WriteOperation<RotateDelegationKeyRequest, RotateDelegationKeyRequest> ROTATE_KEY = internal(
            RequestCase.ROTATE_DELEGATION_KEY,
            "RotateDelegationKey",
            RotateDelegationKeyRequest.getDefaultInstance(),
            settings -> new RotateDelegationKeyHandler());

    static final List<WriteOperation<?, ?>> ALL = List.of(GET, RENEW, CANCEL, ROTATE_KEY);

    private TokenOperations() {}
}
