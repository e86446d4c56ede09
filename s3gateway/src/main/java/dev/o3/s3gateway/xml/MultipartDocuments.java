package dev.o3.s3gateway.xml;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.List;

/** Response documents of multipart uploads. */
public final class MultipartDocuments {
    private MultipartDocuments() {}

    /** CreateMultipartUpload. */
    @JacksonXmlRootElement(localName = "InitiateMultipartUploadResult")
    @JsonPropertyOrder({"Bucket", "Key", "UploadId"})
    public record InitiateMultipartUploadResult(
            @JsonProperty("Bucket") String bucket,
            @JsonProperty("Key") String key,
            @JsonProperty("UploadId") String uploadId) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }

    /**
     * The {@code Checksum<ALGORITHM>} elements of a part or object: at most one is set.
     *
     * @param crc32 base64 CRC32, or null
     * @param crc32c base64 CRC32C, or null
     * @param crc64nvme base64 CRC64NVME, or null
     * @param sha1 base64 SHA-1, or null
     * @param sha256 base64 SHA-256, or null
     */
    public record Checksums(String crc32, String crc32c, String crc64nvme, String sha1, String sha256) {
        /** No checksum. */
        public static final Checksums NONE = new Checksums(null, null, null, null, null);

        /** The element of one algorithm (S3's upper-case name) and its base64 value. */
        public static Checksums of(String algorithm, String value) {
            return new Checksums(
                    algorithm.equals("CRC32") ? value : null,
                    algorithm.equals("CRC32C") ? value : null,
                    algorithm.equals("CRC64NVME") ? value : null,
                    algorithm.equals("SHA1") ? value : null,
                    algorithm.equals("SHA256") ? value : null);
        }
    }

    /** A document with S3's checksum elements, one per algorithm, written only where present (NON_NULL). */
    interface WithChecksums {
        Checksums checksums();

        @JsonProperty("ChecksumCRC32")
        default String crc32() {
            return checksums().crc32();
        }

        @JsonProperty("ChecksumCRC32C")
        default String crc32c() {
            return checksums().crc32c();
        }

        @JsonProperty("ChecksumCRC64NVME")
        default String crc64nvme() {
            return checksums().crc64nvme();
        }

        @JsonProperty("ChecksumSHA1")
        default String sha1() {
            return checksums().sha1();
        }

        @JsonProperty("ChecksumSHA256")
        default String sha256() {
            return checksums().sha256();
        }
    }

    /** CompleteMultipartUpload; the checksum elements only when the object has a (composite) checksum. */
    @JacksonXmlRootElement(localName = "CompleteMultipartUploadResult")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "Location",
        "Bucket",
        "Key",
        "ETag",
        "ChecksumCRC32",
        "ChecksumCRC32C",
        "ChecksumCRC64NVME",
        "ChecksumSHA1",
        "ChecksumSHA256",
        "ChecksumType"
    })
    public record CompleteMultipartUploadResult(
            @JsonProperty("Location") String location,
            @JsonProperty("Bucket") String bucket,
            @JsonProperty("Key") String key,
            @JsonProperty("ETag") String etag,
            @JsonIgnore Checksums checksums,
            @JsonProperty("ChecksumType") String checksumType)
            implements WithChecksums {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }

    /** UploadPartCopy. */
    @JacksonXmlRootElement(localName = "CopyPartResult")
    @JsonPropertyOrder({"LastModified", "ETag"})
    public record CopyPartResult(@JsonProperty("LastModified") String lastModified, @JsonProperty("ETag") String etag) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }

    /** One part in ListParts, with the checksum it was uploaded with, if any. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "PartNumber",
        "LastModified",
        "ETag",
        "Size",
        "ChecksumCRC32",
        "ChecksumCRC32C",
        "ChecksumCRC64NVME",
        "ChecksumSHA1",
        "ChecksumSHA256"
    })
    public record Part(
            @JsonProperty("PartNumber") int partNumber,
            @JsonProperty("LastModified") String lastModified,
            @JsonProperty("ETag") String etag,
            @JsonProperty("Size") long size,
            @JsonIgnore Checksums checksums)
            implements WithChecksums {}

    /** ListParts. */
    @JacksonXmlRootElement(localName = "ListPartsResult")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "Bucket",
        "Key",
        "UploadId",
        "Initiator",
        "Owner",
        "StorageClass",
        "PartNumberMarker",
        "NextPartNumberMarker",
        "MaxParts",
        "IsTruncated",
        "Part"
    })
    public record ListPartsResult(
            @JsonProperty("Bucket") String bucket,
            @JsonProperty("Key") String key,
            @JsonProperty("UploadId") String uploadId,
            @JsonProperty("Initiator") BucketDocuments.Owner initiator,
            @JsonProperty("Owner") BucketDocuments.Owner owner,
            @JsonProperty("StorageClass") String storageClass,
            @JsonProperty("PartNumberMarker") int partNumberMarker,
            @JsonProperty("NextPartNumberMarker") int nextPartNumberMarker,
            @JsonProperty("MaxParts") int maxParts,
            @JsonProperty("IsTruncated") boolean truncated,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("Part") List<Part> parts) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }

    /** One upload in ListMultipartUploads. */
    @JsonPropertyOrder({"Key", "UploadId", "Initiator", "Owner", "StorageClass", "Initiated"})
    public record Upload(
            @JsonProperty("Key") String key,
            @JsonProperty("UploadId") String uploadId,
            @JsonProperty("Initiator") BucketDocuments.Owner initiator,
            @JsonProperty("Owner") BucketDocuments.Owner owner,
            @JsonProperty("StorageClass") String storageClass,
            @JsonProperty("Initiated") String initiated) {}

    /** ListMultipartUploads. */
    @JacksonXmlRootElement(localName = "ListMultipartUploadsResult")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "Bucket",
        "KeyMarker",
        "UploadIdMarker",
        "NextKeyMarker",
        "NextUploadIdMarker",
        "Prefix",
        "MaxUploads",
        "IsTruncated",
        "Upload"
    })
    public record ListMultipartUploadsResult(
            @JsonProperty("Bucket") String bucket,
            @JsonProperty("KeyMarker") String keyMarker,
            @JsonProperty("UploadIdMarker") String uploadIdMarker,
            @JsonProperty("NextKeyMarker") String nextKeyMarker,
            @JsonProperty("NextUploadIdMarker") String nextUploadIdMarker,
            @JsonProperty("Prefix") String prefix,
            @JsonProperty("MaxUploads") int maxUploads,
            @JsonProperty("IsTruncated") boolean truncated,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("Upload") List<Upload> uploads) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }
}
