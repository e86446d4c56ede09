package dev.o3.om.s3secret;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.GetS3SecretRequest;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.S3SecretRecord;
import java.util.Optional;

/**
 * Returns a user's S3 secret, creating it (from the secret the leader generated) when asked and absent. The access
 * key is the user name, as in Ozone.
 */
public final class GetS3SecretHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        GetS3SecretRequest request = transaction.getGetS3Secret();
        String user = S3Secrets.checkUser(request.getUser(), transaction.getUser(), transaction.getAdmin());
        Optional<S3SecretRecord> existing = mutation.get(OmSchema.S3_SECRETS, user);
        if (existing.isEmpty() && !request.getCreateIfAbsent()) {
            throw new OmException(OmStatus.S3_SECRET_NOT_FOUND, "no S3 secret for " + user);
        }
        S3SecretRecord secret = existing.orElseGet(() -> S3SecretRecord.newBuilder()
                .setUser(user)
                .setAccessKey(user)
                .setSecret(transaction.getSecret())
                .build());
        if (existing.isEmpty()) {
            mutation.put(OmSchema.S3_SECRETS, user, secret);
        }
        return S3Secrets.response(secret);
    }
}
