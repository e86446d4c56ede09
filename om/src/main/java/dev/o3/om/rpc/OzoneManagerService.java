package dev.o3.om.rpc;

import dev.o3.om.db.OmStore;
import dev.o3.om.id.UniqueIdGenerator;
import dev.o3.om.metrics.OmMetrics;
import dev.o3.om.operation.LeaderPreparation;
import dev.o3.om.ratis.OmRatisServer;
import dev.o3.om.scm.ContainerLocations;
import dev.o3.om.scm.ScmBlockClient;
import dev.o3.om.security.BlockTokens;
import dev.o3.om.security.DelegationTokenConfig;
import dev.o3.om.security.RequestAuthenticator;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.RetryCacheLimits;
import dev.o3.proto.om.ServiceInfoResponse;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * OM's client protocol ({@code OzoneManagerService} of om.proto) on gRPC.
 *
 * <p>Contract for clients:
 *
 * <ul>
 *   <li>Every response carries {@code OmError error}; unset (or status OK) means success. Refusals use the
 *       {@code OmStatus} codes (VOLUME_NOT_FOUND, BUCKET_NOT_EMPTY, KEY_NOT_FOUND, QUOTA_EXCEEDED, ...).
 *   <li>Only the leader OM serves requests, except ServiceInfo, which every OM answers with its own view (its role
 *       as {@code ozone admin om roles} shows it). A follower answers the others at once with {@code NOT_LEADER}, plus
 *       {@code leader_id} and {@code leader_address} (the leader's client host:port) when it knows the leader; a
 *       leader still replaying its log answers {@code LEADER_NOT_READY}. Clients retry on the named leader, else on
 *       the next configured OM, with a short back-off.
 *   <li>Secure mode (docs/security.md): every call is signed with the caller's access key ({@code o3-access-key},
 *       {@code o3-auth-time}, {@code o3-auth-nonce}, {@code o3-auth-signature}; on a stream per call in {@code
 *       auth}); a call without a valid signature fails with gRPC UNAUTHENTICATED (on a stream: an UNAUTHENTICATED
 *       error reply), and {@code o3-user} / {@code o3-anonymous} other than the signer are honoured only for a
 *       trusted proxy. VerifySignature answers SCM whether such a signature is valid.
 *   <li>gRPC metadata: {@code o3-user} is the acting user (absent: the OM's own OS user, an administrator);
 *       {@code o3-client-id} (UUID) and {@code o3-call-id} (long), when sent, identify a write so that a retry on
 *       the same or another OM is applied once and answered with the first reply (the replicated retry cache, kept
 *       for {@code ozone.om.ratis.server.retrycache.timeout}); resend the same pair on retries.
 *   <li>{@code Calls} carries many calls (LookupKey, CreateKey, CommitKey) on one stream, each {@code OmCall} with
 *       its own id and identity ({@code user}, {@code anonymous}, {@code request_id}, as the metadata above);
 *       replies come in any order, matched by id. A client keeps one such stream per OM: it saves the per-call cost
 *       of a new HTTP/2 stream.
 *   <li>Reads are linearizable: served by the leader after a ReadIndex/lease check, without a log write.
 *   <li>With {@code ozone.security.enabled}, CreateKey, AllocateBlock and CreateMultipartKey return WRITE block
 *       tokens and LookupKey READ tokens ({@code BlockToken} of om.proto in {@code BlockLocation.token}).
 * </ul>
 *
 * <p>Stateless wiring. Calls start on the gRPC transport thread and never block it; listings and reads that must wait
 * for the read barrier run on the foreground executor given to it (see {@code RpcCalls}).
 */
public final class OzoneManagerService {
    private OzoneManagerService() {}

    /**
     * The service definition with the caller interceptor.
     *
     * @param leaderAddress maps an OM node id to its client address, for NOT_LEADER replies
     */
    public static ServerServiceDefinition create(Dependencies dependencies, Function<String, String> leaderAddress) {
        RpcCalls calls = new RpcCalls(dependencies, leaderAddress);
        LeaderPreparation preparation = new LeaderPreparation(
                dependencies.store(),
                dependencies.scm(),
                dependencies.blockSize(),
                dependencies.defaultReplication(),
                dependencies.defaultLayout(),
                dependencies.s3Volume(),
                new UniqueIdGenerator(dependencies.clock()),
                dependencies.delegation());
        ServerServiceDefinition.Builder service =
                ServerServiceDefinition.builder(OzoneManagerServiceGrpc.getServiceDescriptor());
        CallerInterceptor callers = new CallerInterceptor(
                dependencies.serverUser(),
                dependencies.administrators(),
                dependencies.authenticator(),
                dependencies.ratis()::isLeader);
        WriteRpcs writes = new WriteRpcs(calls, preparation, dependencies.tokens());
        KeyRpcs.Streamed streamed = KeyRpcs.streamed(calls, writes, dependencies.tokens(), dependencies.locations());
        writes.bind(service);
        NamespaceRpcs.bind(service, calls, dependencies.serviceInfo());
        KeyRpcs.bind(service, calls, streamed);
        MultipartRpcs.bind(service, calls);
        service.addMethod(OzoneManagerServiceGrpc.getCallsMethod(), new CallStreams(callers, streamed).handler());
        service.addMethod(OzoneManagerServiceGrpc.getVerifySignatureMethod(), SignatureRpcs.verify(callers));
        return ServerInterceptors.intercept(service.build(), callers);
    }

    /**
     * What the service needs.
     *
     * @param logPrefix log prefix (OM node id)
     * @param ratis the Raft group
     * @param store the current namespace store
     * @param scm SCM's block service
     * @param handlers foreground executor
     * @param clock time source for request timestamps
     * @param metrics request metrics
     * @param blockSize block size for allocation
     * @param defaultReplication replication when neither request nor bucket names one
     * @param defaultLayout bucket layout when a request names none (outside the S3 volume)
     * @param s3Volume the S3 volume, whose buckets default to OBJECT_STORE
     * @param serverUser the OS user OM runs as (an administrator)
     * @param administrators other administrators
     * @param serviceInfo the OMs and their roles
     * @param tokens adds block tokens to handed-out locations (when security is on)
     * @param retryCacheLimits how long and how many replies the OMs keep for retried writes
     * @param authenticator checks every call's signature in secure mode; empty: callers are believed
     * @param locations where closed containers are read from now, for lookups
     * @param delegation delegation-token lifetimes; empty when calls are not authenticated
     * @param createHold how long a single-block CreateKey is held for its commit; zero: never
     */
    public record Dependencies(
            String logPrefix,
            OmRatisServer ratis,
            Supplier<OmStore> store,
            ScmBlockClient scm,
            Executor handlers,
            Clock clock,
            OmMetrics metrics,
            long blockSize,
            ReplicationConfig defaultReplication,
            BucketLayout defaultLayout,
            String s3Volume,
            String serverUser,
            Set<String> administrators,
            Supplier<ServiceInfoResponse> serviceInfo,
            BlockTokens tokens,
            RetryCacheLimits retryCacheLimits,
            Optional<RequestAuthenticator> authenticator,
            ContainerLocations locations,
            Optional<DelegationTokenConfig> delegation,
            Duration createHold) {}
}
