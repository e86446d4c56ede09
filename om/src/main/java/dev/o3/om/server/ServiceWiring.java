package dev.o3.om.server;

import dev.o3.common.security.BlockTokenKeys;
import dev.o3.common.security.BlockTokenSigner;
import dev.o3.om.config.OmConfig;
import dev.o3.om.config.OmNode;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.OmStoreHolder;
import dev.o3.om.metrics.OmMetrics;
import dev.o3.om.ratis.OmRatisServer;
import dev.o3.om.rpc.OzoneManagerService;
import dev.o3.om.scm.ContainerLocations;
import dev.o3.om.scm.ScmBlockClient;
import dev.o3.om.security.AuthenticationConfig;
import dev.o3.om.security.BlockTokens;
import dev.o3.om.security.DelegationTokenConfig;
import dev.o3.om.security.RequestAuthenticator;
import dev.o3.om.service.BackgroundServices;
import dev.o3.om.token.StoreTokenSigners;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.hdds.ReplicationFactor;
import dev.o3.proto.hdds.ReplicationType;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.OmRoleInfo;
import dev.o3.proto.om.RetryCacheLimits;
import dev.o3.proto.om.S3SecretRecord;
import dev.o3.proto.om.ServiceInfoResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;

/** Translates {@link OmConfig} into the settings records of OM's components. */
final class ServiceWiring {
    private ServiceWiring() {}

    static OzoneManagerService.Dependencies dependencies(
            OmConfig config,
            OmRatisServer ratis,
            OmStoreHolder stores,
            ScmBlockClient scm,
            Executor handlers,
            Clock clock,
            OmMetrics metrics,
            OmSecurity security) {
        AuthenticationConfig authentication = security.authentication();
        Optional<BlockTokenKeys> tokenKeys = security.tokenKeys();
        OmConfig.RequestSettings requests = config.requests();
        return new OzoneManagerService.Dependencies(
                config.nodeId(),
                ratis,
                stores,
                scm,
                handlers,
                clock,
                metrics,
                requests.blockSize(),
                ReplicationConfig.newBuilder()
                        .setType(ReplicationType.RATIS)
                        .setFactor(
                                requests.defaultReplicationFactor() == 1
                                        ? ReplicationFactor.ONE
                                        : ReplicationFactor.THREE)
                        .build(),
                requests.defaultBucketLayout().equals("object_store")
                        ? BucketLayout.OBJECT_STORE
                        : BucketLayout.FILE_SYSTEM_OPTIMIZED,
                config.s3Volume(),
                serverUser(),
                requests.administrators(),
                () -> serviceInfo(config, ratis),
                new BlockTokens(tokenKeys.map(keys ->
                        new BlockTokenSigner(keys, clock, config.blockTokens().lifetime()))),
                RetryCacheLimits.newBuilder()
                        .setExpiryMillis(requests.retryCacheExpiry().toMillis())
                        .setMaxEntries(requests.retryCacheMaxEntries())
                        .build(),
                authenticator(authentication, stores, clock, requests.administrators()),
                new ContainerLocations(
                        scm,
                        config.services().containerLocationCacheSize(),
                        config.services().containerLocationCacheTtl(),
                        config.services().scmRequestTimeout()),
                authentication.enabled() ? Optional.of(authentication.delegation()) : Optional.empty(),
                requests.createHold());
    }

    /** Checks signatures against the S3 secret table and the delegation tokens when authentication is on. */
    private static Optional<RequestAuthenticator> authenticator(
            AuthenticationConfig authentication, OmStoreHolder stores, Clock clock, Set<String> administrators) {
        if (!authentication.enabled()) {
            return Optional.empty();
        }
        return Optional.of(new RequestAuthenticator(
                accessKey -> stores.get().get(OmSchema.S3_SECRETS, accessKey).map(S3SecretRecord::getSecret),
                new StoreTokenSigners(stores),
                clock,
                authentication.skew(),
                authentication.maxRemembered(),
                serverUser(),
                administrators,
                authentication.proxies()));
    }

    /** The OS user OM runs as; always an administrator. */
    static String serverUser() {
        return System.getProperty("user.name", "om");
    }

    /**
     * @param adminCredentialFile where secure mode writes the OM user's credential; empty when authentication is off
     * @param delegation delegation-token lifetimes; empty when authentication is off
     */
    static BackgroundServices.Settings backgroundSettings(
            OmConfig config, Optional<Path> adminCredentialFile, Optional<DelegationTokenConfig> delegation) {
        return new BackgroundServices.Settings(
                config.services().openKeyCleanupInterval(),
                config.openKeyExpireThreshold(),
                config.services().keyDeletingInterval(),
                config.services().directoryDeletingInterval(),
                config.s3Volume(),
                serverUser(),
                adminCredentialFile,
                delegation);
    }

    private static ServiceInfoResponse serviceInfo(OmConfig config, OmRatisServer ratis) {
        Optional<String> leader = ratis.leaderId();
        ServiceInfoResponse.Builder response = ServiceInfoResponse.newBuilder()
                .setScmAddress(config.scmBlockAddress().toString());
        for (OmNode node : config.nodes()) {
            String role = node.id().equals(config.nodeId())
                    ? ratis.role()
                    : leader.filter(node.id()::equals).isPresent() ? "LEADER" : "FOLLOWER";
            response.addOms(OmRoleInfo.newBuilder()
                    .setNodeId(node.id())
                    .setAddress(node.clientAddress().toString())
                    .setRole(role));
        }
        return response.build();
    }
}
