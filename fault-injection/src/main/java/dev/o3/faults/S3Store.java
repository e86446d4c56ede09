package dev.o3.faults;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/** The gateway through the AWS SDK for Java v2 (its default retries included); {@link #bucket} gives one bucket. */
final class S3Store implements AutoCloseable {
    private static final int PART = 1024 * 1024;

    private final S3Client s3;

    S3Store(URI endpoint, String accessKey, String secret) {
        this.s3 = S3Client.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secret)))
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(3))
                        .socketTimeout(Duration.ofSeconds(20)))
                .overrideConfiguration(
                        c -> c.apiCallTimeout(Duration.ofSeconds(60)).apiCallAttemptTimeout(Duration.ofSeconds(25)))
                .build();
    }

    void createBucket(String bucket) {
        s3.createBucket(b -> b.bucket(bucket));
    }

    Bucket bucket(String name) {
        return new Bucket(name);
    }

    @Override
    public void close() {
        s3.close();
    }

    /** One bucket's keys through the gateway. */
    final class Bucket implements KeyStore {
        private final String bucket;

        private Bucket(String bucket) {
            this.bucket = bucket;
        }

        @Override
        public String name() {
            return "s3";
        }

        @Override
        public void put(String key, byte[] data) {
            s3.putObject(b -> b.bucket(bucket).key(key), RequestBody.fromBytes(data));
        }

        /** A multipart upload of 1 MB parts (the cluster's minimum part size), the last one shorter. */
        void multipart(String key, byte[] data) {
            String upload =
                    s3.createMultipartUpload(b -> b.bucket(bucket).key(key)).uploadId();
            List<CompletedPart> parts = new ArrayList<>();
            int number = 1;
            for (int offset = 0; offset < data.length || number == 1; offset += PART, number++) {
                int length = Math.min(PART, data.length - offset);
                int partNumber = number;
                String etag = s3.uploadPart(
                                b -> b.bucket(bucket).key(key).uploadId(upload).partNumber(partNumber),
                                RequestBody.fromBytes(Arrays.copyOfRange(data, offset, offset + length)))
                        .eTag();
                parts.add(CompletedPart.builder()
                        .partNumber(partNumber)
                        .eTag(etag)
                        .build());
            }
            s3.completeMultipartUpload(
                    b -> b.bucket(bucket).key(key).uploadId(upload).multipartUpload(m -> m.parts(parts)));
        }

        /**
         * A failed delete is never proof that nothing was deleted: the JDK's HttpURLConnection sends a request without
         * a body once more, on a new connection and unseen by the SDK, when the server closed the connection without
         * an answer, so a gateway killed after the delete was applied shows as a refused connection on the SDK's only
         * attempt (docs/reliability.md, bug 14).
         */
        @Override
        public void delete(String key) {
            try {
                s3.deleteObject(b -> b.bucket(bucket).key(key));
            } catch (SdkException e) {
                throw new MaybeResent(e);
            }
        }

        @Override
        public Optional<String> get(String key) throws IOException {
            try (ResponseInputStream<GetObjectResponse> in =
                    s3.getObject(b -> b.bucket(bucket).key(key))) {
                Long length = in.response().contentLength();
                return Optional.of(Values.hash(in, length == null ? -1 : length));
            } catch (NoSuchKeyException absent) {
                return Optional.empty();
            }
        }

        @Override
        public Set<String> list() {
            Set<String> keys = new HashSet<>();
            s3.listObjectsV2Paginator(b -> b.bucket(bucket)).contents().stream()
                    .map(S3Object::key)
                    .forEach(keys::add);
            return keys;
        }

        /**
         * Only a failure of the SDK's one and only attempt can prove anything: after a retry, an earlier attempt may
         * have been applied with its answer lost (a gateway killed after the commit), whatever the last attempt met.
         */
        @Override
        public boolean definitelyFailed(Exception failure) {
            if (!(failure instanceof SdkException sdk) || !Integer.valueOf(1).equals(sdk.numAttempts())) {
                return false;
            }
            for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
                if (cause instanceof ConnectException) {
                    return true;
                }
            }
            // A 4xx is an answer given before any change (authentication, clock skew, a bad request).
            return failure instanceof S3Exception s3Failure
                    && s3Failure.statusCode() >= 400
                    && s3Failure.statusCode() < 500
                    && s3Failure.statusCode() != 408;
        }

        @Override
        public void close() {
            // The client belongs to the S3Store.
        }
    }

    /** The failure of a request the HTTP client may have sent twice, the first time with its answer lost. */
    static final class MaybeResent extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MaybeResent(SdkException cause) {
            super(cause.getMessage(), cause);
        }
    }
}
