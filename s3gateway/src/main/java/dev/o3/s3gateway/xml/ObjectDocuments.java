package dev.o3.s3gateway.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.List;

/** Response documents of object requests: copy, tagging and batch delete. */
public final class ObjectDocuments {
    private ObjectDocuments() {}

    /** CopyObject. */
    @JacksonXmlRootElement(localName = "CopyObjectResult")
    @JsonPropertyOrder({"LastModified", "ETag"})
    public record CopyObjectResult(
            @JsonProperty("LastModified") String lastModified, @JsonProperty("ETag") String etag) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }

    /** One tag. */
    @JsonPropertyOrder({"Key", "Value"})
    public record Tag(@JsonProperty("Key") String key, @JsonProperty("Value") String value) {}

    /** GetObjectTagging. */
    @JacksonXmlRootElement(localName = "Tagging")
    public record Tagging(
            @JacksonXmlElementWrapper(localName = "TagSet") @JacksonXmlProperty(localName = "Tag") List<Tag> tags) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }

    /**
     * A key DeleteObjects removed: the version it named, or the delete marker it added or removed (null fields are
     * left out).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"Key", "VersionId", "DeleteMarker", "DeleteMarkerVersionId"})
    public record Deleted(
            @JsonProperty("Key") String key,
            @JsonProperty("VersionId") String versionId,
            @JsonProperty("DeleteMarker") Boolean deleteMarker,
            @JsonProperty("DeleteMarkerVersionId") String deleteMarkerVersionId) {}

    /** A key DeleteObjects could not remove. */
    @JsonPropertyOrder({"Key", "Code", "Message"})
    public record DeleteError(
            @JsonProperty("Key") String key,
            @JsonProperty("Code") String code,
            @JsonProperty("Message") String message) {}

    /** DeleteObjects. */
    @JacksonXmlRootElement(localName = "DeleteResult")
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    @JsonPropertyOrder({"Deleted", "Error"})
    public record DeleteResult(
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("Deleted") List<Deleted> deleted,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("Error") List<DeleteError> errors) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }
}
