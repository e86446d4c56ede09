package dev.o3.s3gateway.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/**
 * The S3 error body, {@code <Error><Code/><Message/><Resource/><RequestId/></Error>}.
 *
 * @param code the S3 error code
 * @param message a human-readable message
 * @param resource the bucket or object addressed
 * @param requestId the request's id (also in {@code x-amz-request-id})
 */
@JacksonXmlRootElement(localName = "Error")
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"Code", "Message", "Resource", "RequestId"})
public record ErrorDocument(
        @JsonProperty("Code") String code,
        @JsonProperty("Message") String message,
        @JsonProperty("Resource") String resource,
        @JsonProperty("RequestId") String requestId) {}
