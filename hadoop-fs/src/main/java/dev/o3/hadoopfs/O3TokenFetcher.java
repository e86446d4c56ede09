package dev.o3.hadoopfs;

import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.token.DtFetcher;
import org.apache.hadoop.security.token.Token;

/**
 * {@code hadoop dtutil get ofs://OM_HOST:PORT/ -renewer yarn job.tokens}: writes a delegation token of the user
 * signing with their credential file into a Hadoop token file, which a job is then submitted with
 * ({@code HADOOP_TOKEN_FILE_LOCATION} or {@code -Dmapreduce.job.credentials.binary}); registered through {@code
 * META-INF/services}. Without Kerberos Hadoop's own submitters fetch no file system tokens, so this is how a job gets
 * one (docs/security.md).
 */
public final class O3TokenFetcher implements DtFetcher {
    @Override
    public Text getServiceName() {
        return new Text(RootedOzoneFileSystem.SCHEME);
    }

    /** Always: O3's secure mode signs every call, with or without Kerberos. */
    @Override
    public boolean isTokenRequired() {
        return true;
    }

    /** Adds a token of the file system at {@code url} ({@code ofs://...}) to {@code credentials}; returns it. */
    @Override
    public Token<?> addDelegationTokens(Configuration conf, Credentials credentials, String renewer, String url)
            throws Exception {
        try (FileSystem fs = FileSystem.newInstance(URI.create(url), conf)) {
            fs.addDelegationTokens(renewer, credentials);
            return credentials.getToken(new Text(fs.getCanonicalServiceName()));
        }
    }
}
