package dev.o3.om.s3secret;

import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.GetS3SecretResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.S3SecretRecord;
import java.util.Optional;

/** S3 secret rules: users see their own secret, administrators anyone's. */
public final class S3Secrets {
    private S3Secrets() {}

    /**
     * The user a secret request is about (the caller when not named).
     *
     * @throws OmException PERMISSION_DENIED for someone else's secret
     */
    public static String checkUser(String requested, String caller, boolean admin) throws OmException {
        String user = requested.isEmpty() ? caller : requested;
        if (!admin && !user.equals(caller)) {
            throw new OmException(OmStatus.PERMISSION_DENIED, caller + " may not manage the S3 secret of " + user);
        }
        return user;
    }

    /** The stored secret of a user, if any. */
    public static Optional<S3SecretRecord> find(ReadView view, String user) {
        return view.get(OmSchema.S3_SECRETS, user);
    }

    public static GetS3SecretResponse response(S3SecretRecord secret) {
        return GetS3SecretResponse.newBuilder()
                .setAccessKey(secret.getAccessKey())
                .setSecret(secret.getSecret())
                .build();
    }
}
