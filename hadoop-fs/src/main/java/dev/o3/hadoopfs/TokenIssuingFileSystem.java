package dev.o3.hadoopfs;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.om.OmException;
import dev.o3.common.security.DelegationTokens;
import dev.o3.proto.om.DelegationToken;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;

/**
 * A file system that hands Hadoop jobs O3 delegation tokens (docs/security.md): a Hadoop {@link Token} with the
 * identifier and password bytes OM issued, kind {@code O3_DELEGATION_TOKEN}, and the OMs' addresses as its service,
 * which is also the file system's canonical service name.
 */
abstract class TokenIssuingFileSystem extends FileSystem {
    /** The client tokens are asked for with, acting as the file system's user. */
    abstract OzoneClient tokenClient();

    /** The OMs' addresses: the service of this file system's delegation tokens. */
    @Override
    public String getCanonicalServiceName() {
        return tokenClient().delegationTokens().service();
    }

    /** A delegation token of the current user, renewable by {@code renewer} (its short name; null: the user). */
    @Override
    public Token<TokenIdentifier> getDelegationToken(String renewer) throws IOException {
        try {
            return toHadoop(
                    tokenClient().delegationTokens().get(renewerOf(renewer)).token());
        } catch (OmException e) {
            throw Errors.translate(e, getUri());
        }
    }

    static Token<TokenIdentifier> toHadoop(DelegationToken token) {
        return new Token<>(
                token.getIdentifier().toByteArray(),
                token.getPassword().toByteArray(),
                new Text(DelegationTokens.KIND),
                new Text(token.getService()));
    }

    /** The user name a renewer principal names: {@code yarn/host@REALM} renews as {@code yarn}. */
    static String renewerOf(String principal) {
        if (principal == null) {
            return "";
        }
        int end = principal.length();
        for (char separator : new char[] {'/', '@'}) {
            int at = principal.indexOf(separator);
            if (at >= 0) {
                end = Math.min(end, at);
            }
        }
        return principal.substring(0, end);
    }
}
