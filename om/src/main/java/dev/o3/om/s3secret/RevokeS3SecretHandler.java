package dev.o3.om.s3secret;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.RevokeS3SecretResponse;

/** Removes a user's S3 secret (S3_SECRET_NOT_FOUND when there is none). */
public final class RevokeS3SecretHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        String user = S3Secrets.checkUser(
                transaction.getRevokeS3Secret().getUser(), transaction.getUser(), transaction.getAdmin());
        if (mutation.get(OmSchema.S3_SECRETS, user).isEmpty()) {
            throw new OmException(OmStatus.S3_SECRET_NOT_FOUND, "no S3 secret for " + user);
        }
        mutation.delete(OmSchema.S3_SECRETS, user);
        return RevokeS3SecretResponse.getDefaultInstance();
    }
}
