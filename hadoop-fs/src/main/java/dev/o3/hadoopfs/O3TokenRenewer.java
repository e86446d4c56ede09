package dev.o3.hadoopfs;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.om.OmException;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenRenewer;

/**
 * Renews and cancels O3 delegation tokens for Hadoop ({@code token.renew(conf)}, {@code token.cancel(conf)}, YARN's
 * renewal of a job's tokens), registered through {@code META-INF/services}. It calls the OMs the token's service
 * names, signing as {@link JobCredentials} does for the current user: OM lets only the token's renewer renew, and its
 * owner or renewer cancel.
 */
public final class O3TokenRenewer extends TokenRenewer {
    @Override
    public boolean handleKind(Text kind) {
        return O3TokenIdentifier.KIND.equals(kind);
    }

    @Override
    public boolean isManaged(Token<?> token) {
        return true;
    }

    /** @return the token's new expiry, epoch milliseconds */
    @Override
    public long renew(Token<?> token, Configuration conf) throws IOException {
        try (OzoneClient client = clientFor(token, conf)) {
            return client.delegationTokens().renew(JobCredentials.toO3(token)).toEpochMilli();
        } catch (OmException e) {
            throw Errors.translate(e, describe(token));
        }
    }

    @Override
    public void cancel(Token<?> token, Configuration conf) throws IOException {
        try (OzoneClient client = clientFor(token, conf)) {
            client.delegationTokens().cancel(JobCredentials.toO3(token));
        } catch (OmException e) {
            throw Errors.translate(e, describe(token));
        }
    }

    private static OzoneClient clientFor(Token<?> token, Configuration conf) throws IOException {
        return JobCredentials.client(
                ClientSettings.from(conf, token.getService().toString()),
                UserGroupInformation.getCurrentUser().getShortUserName());
    }

    private static String describe(Token<?> token) {
        return "O3 delegation token for " + token.getService();
    }
}
