package dev.o3.hadoopfs;

import dev.o3.common.security.DelegationTokens;
import dev.o3.proto.om.DelegationTokenIdentifier;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.TokenIdentifier;

/**
 * Hadoop's view of an O3 delegation token's identifier (kind {@code O3_DELEGATION_TOKEN}), registered through {@code
 * META-INF/services} so that {@code Token.decodeIdentifier()} and YARN's token handling find the owner: the bytes are
 * OM's serialized {@link DelegationTokenIdentifier}, unchanged (OM checks them byte for byte).
 */
public final class O3TokenIdentifier extends TokenIdentifier {
    /** The kind of every O3 delegation token. */
    public static final Text KIND = new Text(DelegationTokens.KIND);

    private byte[] bytes = new byte[0];
    private DelegationTokenIdentifier identifier = DelegationTokenIdentifier.getDefaultInstance();

    /** For Hadoop's service loader, which then reads the fields. */
    public O3TokenIdentifier() {}

    @Override
    public Text getKind() {
        return KIND;
    }

    /** The token's owner, as whom its holder acts; null for an identifier not read yet. */
    @Override
    public UserGroupInformation getUser() {
        return identifier.getOwner().isEmpty() ? null : UserGroupInformation.createRemoteUser(identifier.getOwner());
    }

    /** The identifier OM issued (owner, renewer, dates, sequence number). */
    public DelegationTokenIdentifier identifier() {
        return identifier;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        out.write(bytes);
    }

    /** Reads the whole identifier: Hadoop hands it over as a stream of exactly the identifier's bytes. */
    @Override
    public void readFields(DataInput in) throws IOException {
        if (!(in instanceof InputStream stream)) {
            throw new IOException("an O3 token identifier is read from a stream of its bytes, not " + in.getClass());
        }
        byte[] read = stream.readAllBytes();
        try {
            identifier = DelegationTokens.parse(read);
        } catch (IllegalArgumentException e) {
            throw new IOException("not an O3 delegation token identifier: " + e.getMessage(), e);
        }
        bytes = read;
    }
}
