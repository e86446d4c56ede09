package dev.o3.client.api;

import dev.o3.client.om.OmClient;
import dev.o3.common.config.HostAndPort;
import dev.o3.proto.om.CancelDelegationTokenRequest;
import dev.o3.proto.om.CancelDelegationTokenResponse;
import dev.o3.proto.om.DelegationToken;
import dev.o3.proto.om.GetDelegationTokenRequest;
import dev.o3.proto.om.GetDelegationTokenResponse;
import dev.o3.proto.om.RenewDelegationTokenRequest;
import dev.o3.proto.om.RenewDelegationTokenResponse;
import java.time.Instant;
import java.util.stream.Collectors;

/**
 * Delegation tokens for jobs (docs/security.md): get one for the calling user, renew it as its renewer, cancel it as
 * its owner or renewer. Thread-safe; stops working when its client closes.
 */
public final class DelegationTokenClient {
    private final OmClient om;

    DelegationTokenClient(OmClient om) {
        this.om = om;
    }

    /**
     * A token issued to the calling user (who must call with an access key, not a token), with the OMs' addresses
     * as its service.
     *
     * @param renewer who may renew it; empty: the calling user
     */
    public IssuedToken get(String renewer) {
        GetDelegationTokenResponse response = om.call(
                "GetDelegationToken",
                stub -> stub.getDelegationToken(GetDelegationTokenRequest.newBuilder()
                        .setRenewer(renewer)
                        .build()),
                GetDelegationTokenResponse::getError);
        DelegationToken token =
                response.getToken().toBuilder().setService(service()).build();
        return new IssuedToken(token, Instant.ofEpochMilli(response.getExpiryMillis()));
    }

    /**
     * Extends {@code token} by the renew interval (never past its max lifetime); only its renewer may.
     *
     * @return when it now expires
     * @throws dev.o3.client.om.OmException UNAUTHENTICATED (expired, cancelled, forged), PERMISSION_DENIED
     */
    public Instant renew(DelegationToken token) {
        RenewDelegationTokenResponse response = om.call(
                "RenewDelegationToken",
                stub -> stub.renewDelegationToken(
                        RenewDelegationTokenRequest.newBuilder().setToken(token).build()),
                RenewDelegationTokenResponse::getError);
        return Instant.ofEpochMilli(response.getExpiryMillis());
    }

    /**
     * Cancels {@code token}: no OM accepts it again. Only its owner or renewer may.
     *
     * @throws dev.o3.client.om.OmException UNAUTHENTICATED (expired, cancelled, forged), PERMISSION_DENIED
     */
    public void cancel(DelegationToken token) {
        om.call(
                "CancelDelegationToken",
                stub -> stub.cancelDelegationToken(CancelDelegationTokenRequest.newBuilder()
                        .setToken(token)
                        .build()),
                CancelDelegationTokenResponse::getError);
    }

    /** The OMs a token is valid at, as Hadoop's token service: their addresses, comma-separated. */
    public String service() {
        return om.addresses().stream().map(HostAndPort::toString).collect(Collectors.joining(","));
    }

    /**
     * A token as OM issued it.
     *
     * @param token the token (its file's content)
     * @param expiry when it expires unless renewed
     */
    public record IssuedToken(DelegationToken token, Instant expiry) {}
}
