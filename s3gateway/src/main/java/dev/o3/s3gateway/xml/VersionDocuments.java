package dev.o3.s3gateway.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.List;

/** Response documents of bucket versioning and ListObjectVersions. */
public final class VersionDocuments {
    private VersionDocuments() {}

    /** GetBucketVersioning: no Status for a bucket whose versioning was never set, as S3 answers. */
    @JacksonXmlRootElement(localName = "VersioningConfiguration")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record VersioningConfiguration(@JsonProperty("Status") String status) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }

    /** An object version. */
    @JsonPropertyOrder({"Key", "VersionId", "IsLatest", "LastModified", "ETag", "Size", "Owner", "StorageClass"})
    public record Version(
            @JsonProperty("Key") String key,
            @JsonProperty("VersionId") String versionId,
            @JsonProperty("IsLatest") boolean latest,
            @JsonProperty("LastModified") String lastModified,
            @JsonProperty("ETag") String etag,
            @JsonProperty("Size") long size,
            @JsonProperty("Owner") BucketDocuments.Owner owner,
            @JsonProperty("StorageClass") String storageClass) {}

    /** A delete marker. */
    @JsonPropertyOrder({"Key", "VersionId", "IsLatest", "LastModified", "Owner"})
    public record DeleteMarker(
            @JsonProperty("Key") String key,
            @JsonProperty("VersionId") String versionId,
            @JsonProperty("IsLatest") boolean latest,
            @JsonProperty("LastModified") String lastModified,
            @JsonProperty("Owner") BucketDocuments.Owner owner) {}

    /** ListObjectVersions. */
    @JacksonXmlRootElement(localName = "ListVersionsResult")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "Name",
        "Prefix",
        "KeyMarker",
        "VersionIdMarker",
        "NextKeyMarker",
        "NextVersionIdMarker",
        "MaxKeys",
        "Delimiter",
        "IsTruncated",
        "EncodingType",
        "Version",
        "DeleteMarker",
        "CommonPrefixes"
    })
    public record ListVersionsResult(
            @JsonProperty("Name") String name,
            @JsonProperty("Prefix") String prefix,
            @JsonProperty("KeyMarker") String keyMarker,
            @JsonProperty("VersionIdMarker") String versionIdMarker,
            @JsonProperty("NextKeyMarker") String nextKeyMarker,
            @JsonProperty("NextVersionIdMarker") String nextVersionIdMarker,
            @JsonProperty("MaxKeys") int maxKeys,
            @JsonProperty("Delimiter") String delimiter,
            @JsonProperty("IsTruncated") boolean truncated,
            @JsonProperty("EncodingType") String encodingType,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("Version") List<Version> versions,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("DeleteMarker")
                    List<DeleteMarker> deleteMarkers,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("CommonPrefixes")
                    List<ListingDocuments.CommonPrefix> commonPrefixes) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }
}
