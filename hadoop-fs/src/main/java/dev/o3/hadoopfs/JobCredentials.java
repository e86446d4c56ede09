package dev.o3.hadoopfs;

import com.google.protobuf.ByteString;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.config.ClientConfigKeys;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.security.DelegationTokens;
import dev.o3.common.security.TokenFile;
import dev.o3.common.security.UserCredential;
import dev.o3.proto.om.DelegationToken;
import java.io.IOException;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;

/**
 * The client a file system (or a token renewer) calls OM with, as a Hadoop job expects: an explicit token file
 * ({@code ozone.client.token.file}) first, then a delegation token for these OMs among the current user's job
 * credentials ({@code UserGroupInformation.getCurrentUser().getCredentials()}, where YARN puts the tokens a job was
 * submitted with), then the user's credential file. A token makes the client act as the token's owner.
 */
final class JobCredentials {
    private JobCredentials() {}

    /** A client of the OMs in {@code conf} for {@code user}, signing as above. */
    static OzoneClient client(OzoneConfiguration conf, String user) throws IOException {
        if (conf.find(ClientConfigKeys.TOKEN_FILE)
                .or(TokenFile::fromEnvironment)
                .isEmpty()) {
            Optional<UserCredential> token = tokenFor(serviceOf(conf));
            if (token.isPresent()) {
                return OzoneClient.create(conf, DelegationTokens.userOf(token.get()), token);
            }
        }
        return OzoneClient.create(conf, user);
    }

    /** The token service of the OMs in {@code conf}: their addresses, comma-separated, as OM's tokens name it. */
    static String serviceOf(OzoneConfiguration conf) {
        return conf.get(CommonConfigKeys.OM_ADDRESS).stream()
                .map(address ->
                        HostAndPort.parse(address, CommonConfigKeys.OM_PORT).toString())
                .collect(Collectors.joining(","));
    }

    /** The O3 token for {@code service} in the current user's credentials, as a signing credential. */
    private static Optional<UserCredential> tokenFor(String service) throws IOException {
        return UserGroupInformation.getCurrentUser().getCredentials().getAllTokens().stream()
                .filter(token -> token.getKind().equals(O3TokenIdentifier.KIND)
                        && token.getService().toString().equals(service))
                .findFirst()
                .map(token -> DelegationTokens.credentialOf(toO3(token)));
    }

    /** The O3 token a Hadoop token carries. */
    static DelegationToken toO3(Token<?> token) {
        return DelegationToken.newBuilder()
                .setIdentifier(ByteString.copyFrom(token.getIdentifier()))
                .setPassword(ByteString.copyFrom(token.getPassword()))
                .setService(token.getService().toString())
                .build();
    }
}
