package dev.o3.s3gateway.ozone;

import dev.o3.client.api.ObjectStore;
import dev.o3.client.api.S3Secret;
import dev.o3.s3gateway.backend.S3Credentials;
import dev.o3.s3gateway.backend.SecretStore;

/** S3 secrets from OM; the access key id is the user name, as in Apache Ozone. */
final class OzoneSecretStore implements SecretStore {
    private final ObjectStore store;

    OzoneSecretStore(ObjectStore store) {
        this.store = store;
    }

    @Override
    public S3Credentials credentials(String accessKeyId) {
        S3Secret secret = OmErrors.call(() -> store.existingS3Secret(accessKeyId));
        return new S3Credentials(secret.accessKey(), secret.secret(), secret.accessKey());
    }
}
