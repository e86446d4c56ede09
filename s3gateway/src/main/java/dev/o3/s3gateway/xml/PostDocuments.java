package dev.o3.s3gateway.xml;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** The response document of a browser POST upload with {@code success_action_status=201}. */
public final class PostDocuments {
    private PostDocuments() {}

    /** PostObject's 201 answer. */
    @JacksonXmlRootElement(localName = "PostResponse")
    @JsonPropertyOrder({"Location", "Bucket", "Key", "ETag"})
    public record PostResponse(
            @JsonProperty("Location") String location,
            @JsonProperty("Bucket") String bucket,
            @JsonProperty("Key") String key,
            @JsonProperty("ETag") String etag) {}
}
