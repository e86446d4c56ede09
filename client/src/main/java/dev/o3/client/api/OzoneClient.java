package dev.o3.client.api;

import dev.o3.client.config.ClientConfig;
import dev.o3.client.config.ClientConfigKeys;
import dev.o3.client.io.DatanodeClients;
import dev.o3.client.io.RatisDatanodeTransport;
import dev.o3.client.om.OmClient;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.ratis.RatisClientOptions;
import dev.o3.common.security.CredentialFile;
import dev.o3.common.security.DelegationTokens;
import dev.o3.common.security.TokenFile;
import dev.o3.common.security.UserCredential;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Entry point of the Java API: one per application, thread-safe, holding persistent connections to the OMs (and,
 * through key streams, to datanodes). Close it to release them.
 */
public final class OzoneClient implements AutoCloseable {
    private final ClientConfig config;
    private final OmClient om;
    private final DatanodeClients datanodes;
    private final ObjectStore objectStore;

    private OzoneClient(ClientConfig config, OmClient om, DatanodeClients datanodes) {
        this.config = config;
        this.om = om;
        this.datanodes = datanodes;
        this.objectStore = new ObjectStore(om, datanodes, config);
    }

    /**
     * A client of the cluster in {@code conf} (ozone.om.address), acting as {@code user}, signing its calls with the
     * credential in the user's credential file when there is one ({@link #credentialOf}). A credential names its
     * user (a token its owner): when {@code user} is only the OS user's name, the client acts as that user instead.
     */
    public static OzoneClient create(OzoneConfiguration conf, String user) {
        return create(conf, user, GrpcConfig.from(conf));
    }

    /**
     * A client of the cluster in {@code conf} with its own gRPC settings (a service, the S3 gateway, connects with its
     * certificate), signing its calls with the credential of {@link #credentialOf} as the two-argument {@code create}
     * does.
     */
    public static OzoneClient create(OzoneConfiguration conf, String user, GrpcConfig grpc) {
        Optional<UserCredential> credential = credentialOf(conf);
        String actingUser = credential
                .filter(key -> user.equals(System.getProperty("user.name")))
                .map(DelegationTokens::userOf)
                .orElse(user);
        return create(conf, actingUser, credential, grpc);
    }

    /**
     * The credential of this client's user: a delegation token from the file {@code ozone.client.token.file} or
     * {@code $OZONE_TOKEN_FILE} names, else the access key in the file {@code ozone.client.credentials.file} names,
     * else in {@link CredentialFile#defaultLocation()}; empty when there is no such file.
     */
    public static Optional<UserCredential> credentialOf(OzoneConfiguration conf) {
        Optional<Path> tokenFile = conf.find(ClientConfigKeys.TOKEN_FILE).or(TokenFile::fromEnvironment);
        if (tokenFile.isPresent()) {
            return Optional.of(DelegationTokens.credentialOf(TokenFile.read(tokenFile.get())));
        }
        return CredentialFile.read(
                conf.find(ClientConfigKeys.CREDENTIALS_FILE).orElseGet(CredentialFile::defaultLocation));
    }

    /**
     * A client acting as {@code user} that signs its calls with {@code credential} (secure mode) or sends them
     * unsigned (empty).
     */
    public static OzoneClient create(OzoneConfiguration conf, String user, Optional<UserCredential> credential) {
        return create(conf, user, credential, GrpcConfig.from(conf));
    }

    /** A client acting as {@code user}, signing with {@code credential} when present, over channels of {@code grpc}. */
    public static OzoneClient create(
            OzoneConfiguration conf, String user, Optional<UserCredential> credential, GrpcConfig grpc) {
        ClientConfig config = ClientConfig.from(conf);
        List<HostAndPort> oms = conf.get(CommonConfigKeys.OM_ADDRESS).stream()
                .map(address -> HostAndPort.parse(address, CommonConfigKeys.OM_PORT))
                .toList();
        return new OzoneClient(
                config,
                new OmClient(oms, user, credential, config.failoverTimeout(), grpc, config.omConnections()),
                new DatanodeClients(
                        config,
                        new RatisDatanodeTransport(RatisClientOptions.DEFAULT, grpc, config.smallBlockBatches())));
    }

    public ObjectStore objectStore() {
        return objectStore;
    }

    /** The user this client acts as: the one it was made for, or its credential's (a token's owner). */
    public String user() {
        return om.user();
    }

    /**
     * The object store as seen by another user, over this client's connections: a gateway serving many users keeps
     * one client. The view needs no closing; it stops working when this client closes.
     */
    public ObjectStore objectStoreAs(String user) {
        return new ObjectStore(om.asUser(user), datanodes, config);
    }

    /**
     * The object store as seen by an anonymous caller (no user at all), over this client's connections: OM lets it
     * read and write only where a public canned ACL allows. The view needs no closing.
     */
    public ObjectStore objectStoreAsAnonymous() {
        return new ObjectStore(om.asAnonymous(), datanodes, config);
    }

    /** Delegation tokens of the calling user. */
    public DelegationTokenClient delegationTokens() {
        return new DelegationTokenClient(om);
    }

    public ClientConfig config() {
        return config;
    }

    @Override
    public void close() {
        objectStore.close();
        om.close();
    }
}
