package dev.o3.s3gateway.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.List;

/** Response documents of ListObjects (v1 and v2). */
public final class ListingDocuments {
    private ListingDocuments() {}

    /** One object in a listing. */
    @JsonPropertyOrder({"Key", "LastModified", "ETag", "Size", "Owner", "StorageClass"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Contents(
            @JsonProperty("Key") String key,
            @JsonProperty("LastModified") String lastModified,
            @JsonProperty("ETag") String etag,
            @JsonProperty("Size") long size,
            @JsonProperty("Owner") BucketDocuments.Owner owner,
            @JsonProperty("StorageClass") String storageClass) {}

    /** A common prefix (a "directory" under the delimiter). */
    public record CommonPrefix(@JsonProperty("Prefix") String prefix) {}

    /** ListObjects (v1). */
    @JacksonXmlRootElement(localName = "ListBucketResult")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "Name",
        "Prefix",
        "Marker",
        "NextMarker",
        "MaxKeys",
        "Delimiter",
        "IsTruncated",
        "EncodingType",
        "Contents",
        "CommonPrefixes"
    })
    public record ListBucketResultV1(
            @JsonProperty("Name") String name,
            @JsonProperty("Prefix") String prefix,
            @JsonProperty("Marker") String marker,
            @JsonProperty("NextMarker") String nextMarker,
            @JsonProperty("MaxKeys") int maxKeys,
            @JsonProperty("Delimiter") String delimiter,
            @JsonProperty("IsTruncated") boolean truncated,
            @JsonProperty("EncodingType") String encodingType,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("Contents") List<Contents> contents,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("CommonPrefixes")
                    List<CommonPrefix> commonPrefixes) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }

    /** ListObjectsV2. */
    @JacksonXmlRootElement(localName = "ListBucketResult")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "Name",
        "Prefix",
        "StartAfter",
        "ContinuationToken",
        "NextContinuationToken",
        "KeyCount",
        "MaxKeys",
        "Delimiter",
        "IsTruncated",
        "EncodingType",
        "Contents",
        "CommonPrefixes"
    })
    public record ListBucketResultV2(
            @JsonProperty("Name") String name,
            @JsonProperty("Prefix") String prefix,
            @JsonProperty("StartAfter") String startAfter,
            @JsonProperty("ContinuationToken") String continuationToken,
            @JsonProperty("NextContinuationToken") String nextContinuationToken,
            @JsonProperty("KeyCount") int keyCount,
            @JsonProperty("MaxKeys") int maxKeys,
            @JsonProperty("Delimiter") String delimiter,
            @JsonProperty("IsTruncated") boolean truncated,
            @JsonProperty("EncodingType") String encodingType,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("Contents") List<Contents> contents,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("CommonPrefixes")
                    List<CommonPrefix> commonPrefixes) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }
}
