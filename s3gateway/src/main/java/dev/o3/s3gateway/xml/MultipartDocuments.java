package dev.o3.s3gateway.xml;

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

    /** CompleteMultipartUpload. */
    @JacksonXmlRootElement(localName = "CompleteMultipartUploadResult")
    @JsonPropertyOrder({"Location", "Bucket", "Key", "ETag"})
    public record CompleteMultipartUploadResult(
            @JsonProperty("Location") String location,
            @JsonProperty("Bucket") String bucket,
            @JsonProperty("Key") String key,
            @JsonProperty("ETag") String etag) {
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

    /** One part in ListParts. */
    @JsonPropertyOrder({"PartNumber", "LastModified", "ETag", "Size"})
    public record Part(
            @JsonProperty("PartNumber") int partNumber,
            @JsonProperty("LastModified") String lastModified,
            @JsonProperty("ETag") String etag,
            @JsonProperty("Size") long size) {}

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
