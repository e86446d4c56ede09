package dev.o3.s3gateway.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadResponse;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.model.Tag;
import software.amazon.awssdk.services.s3.model.Tagging;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/** The gateway over the in-memory backend, driven by the AWS SDK for Java v2 with its default settings. */
@Timeout(60)
class TestS3GatewayServer {
    private static final int MIB = 1024 * 1024;

    private static InMemoryGateway gateway;
    private static S3Client s3;

    @BeforeAll
    static void start() {
        gateway = new InMemoryGateway();
        s3 = gateway.client(InMemoryGateway.ACCESS_KEY, InMemoryGateway.SECRET);
    }

    @AfterAll
    static void stop() {
        if (s3 != null) {
            s3.close();
        }
        if (gateway != null) {
            gateway.close();
        }
    }

    private static byte[] randomBytes(int size, long seed) {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        return data;
    }

    private static String md5Hex(byte[]... parts) {
        try {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            for (byte[] part : parts) {
                md5.update(part);
            }
            return HexFormat.of().formatHex(md5.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void createsListsAndDeletesBuckets() {
        s3.createBucket(b -> b.bucket("bucket-life"));

        assertThat(s3.listBuckets().buckets()).extracting(b -> b.name()).contains("bucket-life");
        s3.headBucket(b -> b.bucket("bucket-life"));
        assertThat(s3.getBucketLocation(b -> b.bucket("bucket-life")).locationConstraintAsString())
                .isEmpty();
        S3Exception exists = InMemoryGateway.s3Error(() -> s3.createBucket(b -> b.bucket("bucket-life")));
        assertThat(exists.awsErrorDetails().errorCode()).isEqualTo("BucketAlreadyOwnedByYou");
        assertThat(exists.statusCode()).isEqualTo(409);
        s3.putObject(b -> b.bucket("bucket-life").key("k"), RequestBody.fromString("v", StandardCharsets.UTF_8));
        S3Exception notEmpty = InMemoryGateway.s3Error(() -> s3.deleteBucket(b -> b.bucket("bucket-life")));
        assertThat(notEmpty.awsErrorDetails().errorCode()).isEqualTo("BucketNotEmpty");
        s3.deleteObject(b -> b.bucket("bucket-life").key("k"));
        s3.deleteBucket(b -> b.bucket("bucket-life"));
        assertThat(InMemoryGateway.s3Error(() -> s3.headBucket(b -> b.bucket("bucket-life")))
                        .statusCode())
                .isEqualTo(404);
        S3Exception invalid = InMemoryGateway.s3Error(() -> s3.createBucket(b -> b.bucket("xn--invalid")));
        assertThat(invalid.awsErrorDetails().errorCode()).isEqualTo("InvalidBucketName");
    }

    @Test
    void putsAndGetsObjectsOfZeroAndSeveralMebibytes() {
        s3.createBucket(b -> b.bucket("objects"));
        byte[] big = randomBytes(5 * MIB + 123, 1);

        String emptyEtag = s3.putObject(b -> b.bucket("objects").key("empty"), RequestBody.empty())
                .eTag();
        String bigEtag = s3.putObject(b -> b.bucket("objects").key("dir/big.bin"), RequestBody.fromBytes(big))
                .eTag();

        assertThat(emptyEtag).isEqualTo("\"" + md5Hex() + "\"");
        assertThat(bigEtag).isEqualTo("\"" + md5Hex(big) + "\"");
        assertThat(s3.getObjectAsBytes(b -> b.bucket("objects").key("empty")).asByteArray())
                .isEmpty();
        ResponseBytes<GetObjectResponse> got =
                s3.getObjectAsBytes(b -> b.bucket("objects").key("dir/big.bin"));
        assertThat(got.asByteArray()).isEqualTo(big);
        assertThat(got.response().eTag()).isEqualTo(bigEtag);
        assertThat(got.response().contentLength()).isEqualTo(big.length);

        s3.deleteObject(b -> b.bucket("objects").key("dir/big.bin"));
        S3Exception missing = InMemoryGateway.s3Error(
                () -> s3.getObjectAsBytes(b -> b.bucket("objects").key("dir/big.bin")));
        assertThat(missing.awsErrorDetails().errorCode()).isEqualTo("NoSuchKey");
        assertThat(missing.statusCode()).isEqualTo(404);
        s3.deleteObject(b -> b.bucket("objects").key("never-existed"));
        S3Exception noBucket = InMemoryGateway.s3Error(
                () -> s3.getObjectAsBytes(b -> b.bucket("no-such-bucket").key("k")));
        assertThat(noBucket.awsErrorDetails().errorCode()).isEqualTo("NoSuchBucket");
    }

    @Test
    void rejectsBodiesThatFailTheirDigests() {
        s3.createBucket(b -> b.bucket("digests"));
        String wrongMd5 = java.util.Base64.getEncoder().encodeToString(new byte[16]);

        S3Exception md5 = InMemoryGateway.s3Error(() -> s3.putObject(
                b -> b.bucket("digests").key("m").contentMD5(wrongMd5),
                RequestBody.fromString("data", StandardCharsets.UTF_8)));
        S3Exception crc = InMemoryGateway.s3Error(() -> s3.putObject(
                b -> b.bucket("digests").key("c").checksumCRC32("AAAAAA=="),
                RequestBody.fromString("data", StandardCharsets.UTF_8)));

        assertThat(md5.awsErrorDetails().errorCode()).isEqualTo("BadDigest");
        assertThat(crc.awsErrorDetails().errorCode()).isEqualTo("BadDigest");
        assertThat(s3.listObjectsV2(b -> b.bucket("digests")).contents()).isEmpty();
    }

    @Test
    void keepsUserMetadataAndContentType() {
        s3.createBucket(b -> b.bucket("metadata"));
        s3.putObject(
                b -> b.bucket("metadata")
                        .key("doc.txt")
                        .contentType("text/plain")
                        .contentEncoding("identity")
                        .cacheControl("no-cache")
                        .contentDisposition("attachment; filename=doc.txt")
                        .metadata(Map.of("color", "blue", "owner-name", "alice")),
                RequestBody.fromString("hello", StandardCharsets.UTF_8));

        HeadObjectResponse head = s3.headObject(b -> b.bucket("metadata").key("doc.txt"));

        assertThat(head.contentType()).isEqualTo("text/plain");
        assertThat(head.contentEncoding()).isEqualTo("identity");
        assertThat(head.cacheControl()).isEqualTo("no-cache");
        assertThat(head.contentDisposition()).isEqualTo("attachment; filename=doc.txt");
        assertThat(head.contentLength()).isEqualTo(5);
        assertThat(head.metadata()).containsEntry("color", "blue").containsEntry("owner-name", "alice");
        assertThat(head.eTag()).isEqualTo("\"" + md5Hex("hello".getBytes(StandardCharsets.UTF_8)) + "\"");
    }

    @Test
    void servesRangesAndConditions() {
        s3.createBucket(b -> b.bucket("ranges"));
        byte[] data = randomBytes(1000, 2);
        String etag = s3.putObject(b -> b.bucket("ranges").key("r"), RequestBody.fromBytes(data))
                .eTag();

        ResponseBytes<GetObjectResponse> middle =
                s3.getObjectAsBytes(b -> b.bucket("ranges").key("r").range("bytes=10-19"));
        ResponseBytes<GetObjectResponse> suffix =
                s3.getObjectAsBytes(b -> b.bucket("ranges").key("r").range("bytes=-5"));

        assertThat(middle.asByteArray()).isEqualTo(java.util.Arrays.copyOfRange(data, 10, 20));
        assertThat(middle.response().contentRange()).isEqualTo("bytes 10-19/1000");
        assertThat(suffix.asByteArray()).isEqualTo(java.util.Arrays.copyOfRange(data, 995, 1000));
        S3Exception unsatisfiable = InMemoryGateway.s3Error(
                () -> s3.getObjectAsBytes(b -> b.bucket("ranges").key("r").range("bytes=1000-")));
        assertThat(unsatisfiable.statusCode()).isEqualTo(416);
        assertThat(InMemoryGateway.s3Error(() -> s3.getObjectAsBytes(
                                b -> b.bucket("ranges").key("r").ifNoneMatch(etag)))
                        .statusCode())
                .isEqualTo(304);
        assertThat(InMemoryGateway.s3Error(() -> s3.getObjectAsBytes(
                                b -> b.bucket("ranges").key("r").ifMatch("\"other\"")))
                        .statusCode())
                .isEqualTo(412);
        assertThat(s3.getObjectAsBytes(b -> b.bucket("ranges").key("r").ifMatch(etag))
                        .asByteArray())
                .isEqualTo(data);
    }

    @Test
    void listsWithDelimiterAndPagination() {
        s3.createBucket(b -> b.bucket("listing"));
        for (String key : List.of("a.txt", "b/1", "b/2", "c/1", "d.txt", "e/x/y", "f.txt")) {
            s3.putObject(b -> b.bucket("listing").key(key), RequestBody.fromString(key, StandardCharsets.UTF_8));
        }
        List<String> keys = new ArrayList<>();
        List<String> prefixes = new ArrayList<>();
        String token = null;
        int pages = 0;
        do {
            String current = token;
            ListObjectsV2Response page = s3.listObjectsV2(
                    b -> b.bucket("listing").delimiter("/").maxKeys(2).continuationToken(current));
            page.contents().stream().map(S3Object::key).forEach(keys::add);
            page.commonPrefixes().stream().map(CommonPrefix::prefix).forEach(prefixes::add);
            assertThat(page.keyCount()).isLessThanOrEqualTo(2);
            token = page.isTruncated() ? page.nextContinuationToken() : null;
            pages++;
        } while (token != null);

        assertThat(keys).containsExactly("a.txt", "d.txt", "f.txt");
        assertThat(prefixes).containsExactly("b/", "c/", "e/");
        assertThat(pages).isEqualTo(3);
        ListObjectsV2Response underB = s3.listObjectsV2(b -> b.bucket("listing").prefix("b/"));
        assertThat(underB.contents()).extracting(S3Object::key).containsExactly("b/1", "b/2");
        assertThat(s3.listObjects(b -> b.bucket("listing").marker("c/1")).contents())
                .extracting(S3Object::key)
                .containsExactly("d.txt", "e/x/y", "f.txt");
        assertThat(s3.listObjectsV2(b -> b.bucket("listing").startAfter("e/x/y"))
                        .contents())
                .extracting(S3Object::key)
                .containsExactly("f.txt");
    }

    @Test
    void roundTripsKeysWithSpecialCharacters() {
        s3.createBucket(b -> b.bucket("special"));
        List<String> keys = List.of("a b/c+d&e=f.txt", "\u00fcml\u00e4ut/\u20ac %2F.bin", "q?x#y", "tab\tkey");
        for (String key : keys) {
            s3.putObject(b -> b.bucket("special").key(key), RequestBody.fromString(key, StandardCharsets.UTF_8));
        }

        assertThat(s3.listObjectsV2(b -> b.bucket("special")).contents())
                .extracting(S3Object::key)
                .containsExactlyInAnyOrderElementsOf(keys);
        for (String key : keys) {
            assertThat(s3.getObjectAsBytes(b -> b.bucket("special").key(key)).asUtf8String())
                    .isEqualTo(key);
        }
        assertThat(s3.listObjects(b -> b.bucket("special").delimiter("/")).commonPrefixes())
                .extracting(CommonPrefix::prefix)
                .containsExactly("a b/", "\u00fcml\u00e4ut/");
    }

    @Test
    void uploadsInParts() {
        s3.createBucket(b -> b.bucket("multipart"));
        byte[] part1 = randomBytes(5 * MIB, 3);
        byte[] part2 = randomBytes(1024, 4);
        CreateMultipartUploadResponse created =
                s3.createMultipartUpload(b -> b.bucket("multipart").key("mpu").contentType("application/x-test"));
        String uploadId = created.uploadId();

        String etag1 = s3.uploadPart(
                        b -> b.bucket("multipart").key("mpu").uploadId(uploadId).partNumber(1),
                        RequestBody.fromBytes(part1))
                .eTag();
        String etag2 = s3.uploadPart(
                        b -> b.bucket("multipart").key("mpu").uploadId(uploadId).partNumber(2),
                        RequestBody.fromBytes(part2))
                .eTag();
        assertThat(s3.listParts(b -> b.bucket("multipart").key("mpu").uploadId(uploadId))
                        .parts())
                .extracting(p -> p.partNumber())
                .containsExactly(1, 2);
        assertThat(s3.listMultipartUploads(b -> b.bucket("multipart")).uploads())
                .extracting(u -> u.uploadId())
                .containsExactly(uploadId);
        String etag = s3.completeMultipartUpload(b -> b.bucket("multipart")
                        .key("mpu")
                        .uploadId(uploadId)
                        .multipartUpload(CompletedMultipartUpload.builder()
                                .parts(
                                        CompletedPart.builder()
                                                .partNumber(1)
                                                .eTag(etag1)
                                                .build(),
                                        CompletedPart.builder()
                                                .partNumber(2)
                                                .eTag(etag2)
                                                .build())
                                .build()))
                .eTag();

        byte[] md5s = HexFormat.of().parseHex(md5Hex(part1) + md5Hex(part2));
        assertThat(etag).isEqualTo("\"" + md5Hex(md5s) + "-2\"");
        ResponseBytes<GetObjectResponse> got =
                s3.getObjectAsBytes(b -> b.bucket("multipart").key("mpu"));
        assertThat(got.asByteArray()).hasSize(part1.length + part2.length);
        assertThat(got.response().contentType()).isEqualTo("application/x-test");
        assertThat(got.response().eTag()).isEqualTo(etag);
    }

    @Test
    void copiesPartsFromAnObject() {
        s3.createBucket(b -> b.bucket("part-copy"));
        byte[] data = randomBytes(6 * MIB, 5);
        s3.putObject(b -> b.bucket("part-copy").key("source"), RequestBody.fromBytes(data));
        String uploadId = s3.createMultipartUpload(b -> b.bucket("part-copy").key("target"))
                .uploadId();

        List<CompletedPart> parts = new ArrayList<>();
        for (int part = 1; part <= 2; part++) {
            int number = part;
            String range = part == 1 ? "bytes=0-" + (5 * MIB - 1) : "bytes=" + 5 * MIB + "-";
            String etag = s3.uploadPartCopy(b -> b.sourceBucket("part-copy")
                            .sourceKey("source")
                            .destinationBucket("part-copy")
                            .destinationKey("target")
                            .uploadId(uploadId)
                            .partNumber(number)
                            .copySourceRange(range))
                    .copyPartResult()
                    .eTag();
            parts.add(CompletedPart.builder().partNumber(number).eTag(etag).build());
        }
        s3.completeMultipartUpload(
                b -> b.bucket("part-copy").key("target").uploadId(uploadId).multipartUpload(m -> m.parts(parts)));

        assertThat(s3.getObjectAsBytes(b -> b.bucket("part-copy").key("target")).asByteArray())
                .isEqualTo(data);
    }

    @Test
    void rejectsBadMultipartCompletions() {
        s3.createBucket(b -> b.bucket("multipart-errors"));
        String uploadId = s3.createMultipartUpload(
                        b -> b.bucket("multipart-errors").key("k"))
                .uploadId();
        String etag = s3.uploadPart(
                        b -> b.bucket("multipart-errors")
                                .key("k")
                                .uploadId(uploadId)
                                .partNumber(1),
                        RequestBody.fromString("small", StandardCharsets.UTF_8))
                .eTag();

        S3Exception wrongPart =
                InMemoryGateway.s3Error(() -> s3.completeMultipartUpload(b -> b.bucket("multipart-errors")
                        .key("k")
                        .uploadId(uploadId)
                        .multipartUpload(m -> m.parts(
                                CompletedPart.builder().partNumber(2).eTag(etag).build()))));
        S3Exception order = InMemoryGateway.s3Error(() -> s3.completeMultipartUpload(b -> b.bucket("multipart-errors")
                .key("k")
                .uploadId(uploadId)
                .multipartUpload(m -> m.parts(
                        CompletedPart.builder().partNumber(2).eTag(etag).build(),
                        CompletedPart.builder().partNumber(1).eTag(etag).build()))));

        assertThat(wrongPart.awsErrorDetails().errorCode()).isEqualTo("InvalidPart");
        assertThat(order.awsErrorDetails().errorCode()).isEqualTo("InvalidPartOrder");
        s3.abortMultipartUpload(b -> b.bucket("multipart-errors").key("k").uploadId(uploadId));
        S3Exception gone = InMemoryGateway.s3Error(
                () -> s3.listParts(b -> b.bucket("multipart-errors").key("k").uploadId(uploadId)));
        assertThat(gone.awsErrorDetails().errorCode()).isEqualTo("NoSuchUpload");
    }

    @Test
    void deletesInBatchesAndCopies() {
        s3.createBucket(b -> b.bucket("batch"));
        for (String key : List.of("x1", "x2", "x3")) {
            s3.putObject(b -> b.bucket("batch").key(key), RequestBody.fromString(key, StandardCharsets.UTF_8));
        }

        String copyEtag = s3.copyObject(b -> b.sourceBucket("batch")
                        .sourceKey("x1")
                        .destinationBucket("batch")
                        .destinationKey("copy of x1"))
                .copyObjectResult()
                .eTag();
        DeleteObjectsResponse deleted = s3.deleteObjects(b -> b.bucket("batch")
                .delete(Delete.builder()
                        .objects(
                                ObjectIdentifier.builder().key("x1").build(),
                                ObjectIdentifier.builder().key("x2").build(),
                                ObjectIdentifier.builder().key("missing").build())
                        .build()));

        assertThat(copyEtag).isEqualTo("\"" + md5Hex("x1".getBytes(StandardCharsets.UTF_8)) + "\"");
        assertThat(deleted.deleted()).extracting(d -> d.key()).containsExactly("x1", "x2", "missing");
        assertThat(deleted.errors()).isEmpty();
        assertThat(s3.listObjectsV2(b -> b.bucket("batch")).contents())
                .extracting(S3Object::key)
                .containsExactly("copy of x1", "x3");
        assertThat(s3.getObjectAsBytes(b -> b.bucket("batch").key("copy of x1")).asUtf8String())
                .isEqualTo("x1");
    }

    @Test
    void tagsObjects() {
        s3.createBucket(b -> b.bucket("tags"));
        s3.putObject(
                b -> b.bucket("tags").key("t").tagging("a=1&b=2"), RequestBody.fromString("t", StandardCharsets.UTF_8));

        assertThat(s3.getObjectTagging(b -> b.bucket("tags").key("t")).tagSet())
                .extracting(Tag::key, Tag::value)
                .containsExactly(tuple("a", "1"), tuple("b", "2"));
        s3.putObjectTagging(b -> b.bucket("tags")
                .key("t")
                .tagging(Tagging.builder()
                        .tagSet(Tag.builder().key("k").value("v").build())
                        .build()));
        assertThat(s3.getObjectTagging(b -> b.bucket("tags").key("t")).tagSet())
                .extracting(Tag::key)
                .containsExactly("k");
        s3.deleteObjectTagging(b -> b.bucket("tags").key("t"));
        assertThat(s3.getObjectTagging(b -> b.bucket("tags").key("t")).tagSet()).isEmpty();
    }

    @Test
    void answersNotImplementedForUnsupportedOperations() {
        s3.createBucket(b -> b.bucket("unsupported"));

        S3Exception error = InMemoryGateway.s3Error(() -> s3.getBucketWebsite(b -> b.bucket("unsupported")));

        assertThat(error.statusCode()).isEqualTo(501);
        assertThat(error.awsErrorDetails().errorCode()).isEqualTo("NotImplemented");
        assertThat(s3.listBuckets().buckets()).isNotEmpty();
    }

    @Test
    void servesPresignedUrlsAndMetrics() throws IOException, InterruptedException {
        s3.createBucket(b -> b.bucket("presigned"));
        s3.putObject(b -> b.bucket("presigned").key("p"), RequestBody.fromString("shared", StandardCharsets.UTF_8));
        HttpClient http = HttpClient.newHttpClient();
        try (S3Presigner presigner = S3Presigner.builder()
                .endpointOverride(gateway.endpoint())
                .region(Region.US_EAST_1)
                .serviceConfiguration(software.amazon.awssdk.services.s3.S3Configuration.builder()
                        .pathStyleAccessEnabled(true)
                        .build())
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(InMemoryGateway.ACCESS_KEY, InMemoryGateway.SECRET)))
                .build()) {
            URI url = presigner
                    .presignGetObject(b -> b.signatureDuration(Duration.ofMinutes(5))
                            .getObjectRequest(g -> g.bucket("presigned").key("p")))
                    .url()
                    .toURI();

            HttpResponse<String> ok =
                    http.send(HttpRequest.newBuilder(url).build(), HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> tampered = http.send(
                    HttpRequest.newBuilder(URI.create(url.toString().replace("/p?", "/q?")))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(ok.statusCode()).isEqualTo(200);
            assertThat(ok.body()).isEqualTo("shared");
            assertThat(tampered.statusCode()).isEqualTo(403);
            URI putUrl = presigner
                    .presignPutObject(b -> b.signatureDuration(Duration.ofMinutes(5))
                            .putObjectRequest(p -> p.bucket("presigned").key("uploaded")))
                    .url()
                    .toURI();
            HttpResponse<String> put = http.send(
                    HttpRequest.newBuilder(putUrl)
                            .PUT(HttpRequest.BodyPublishers.ofString("via presigned PUT"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(put.statusCode()).isEqualTo(200);
            assertThat(s3.getObjectAsBytes(b -> b.bucket("presigned").key("uploaded"))
                            .asUtf8String())
                    .isEqualTo("via presigned PUT");
            assertThat(tampered.body()).contains("<Code>SignatureDoesNotMatch</Code>");
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        HttpResponse<String> prom = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + gateway.statusPort() + "/prom"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(prom.body())
                .contains("o3_s3g_requests_total{operation=\"PutObject\"}")
                .contains("o3_s3g_request_latency_seconds{operation=\"GetObject\",quantile=\"0.99\"}")
                .contains("o3_s3g_errors_total{code=\"SignatureDoesNotMatch\",operation=\"GetObject\"}");
    }
}
