package dev.o3.s3gateway.ozone;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.api.S3Secret;
import dev.o3.s3gateway.backend.S3Credentials;
import dev.o3.s3gateway.backend.SecretStore;

/**
 * S3 secrets from OM; the access key id is the user name, as in Apache Ozone. The gateway asks as the user the
 * access key names (a trusted proxy acting for them in secure mode), so it needs no administrator rights.
 */
final class OzoneSecretStore implements SecretStore {
    private final OzoneClient client;

    OzoneSecretStore(OzoneClient client) {
        this.client = client;
    }

    @Override
    public S3Credentials credentials(String accessKeyId) {
        S3Secret secret = OmErrors.call(() -> client.objectStoreAs(accessKeyId).existingS3Secret(accessKeyId));
        return new S3Credentials(secret.accessKey(), secret.secret(), secret.accessKey());
    }
}
