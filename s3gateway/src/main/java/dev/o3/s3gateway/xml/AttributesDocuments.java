package dev.o3.s3gateway.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** The response document of GetObjectAttributes; an attribute the client did not ask for is left out. */
public final class AttributesDocuments {
    private AttributesDocuments() {}

    /** The stored additional checksum of the whole object. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "ChecksumCRC32",
        "ChecksumCRC32C",
        "ChecksumCRC64NVME",
        "ChecksumSHA1",
        "ChecksumSHA256",
        "ChecksumType"
    })
    public record Checksum(
            @JsonProperty("ChecksumCRC32") String crc32,
            @JsonProperty("ChecksumCRC32C") String crc32c,
            @JsonProperty("ChecksumCRC64NVME") String crc64nvme,
            @JsonProperty("ChecksumSHA1") String sha1,
            @JsonProperty("ChecksumSHA256") String sha256,
            @JsonProperty("ChecksumType") String type) {
        /** The element of one algorithm (S3's upper-case name), its base64 value and S3's ChecksumType. */
        public static Checksum of(String algorithm, String value, String type) {
            return new Checksum(
                    algorithm.equals("CRC32") ? value : null,
                    algorithm.equals("CRC32C") ? value : null,
                    algorithm.equals("CRC64NVME") ? value : null,
                    algorithm.equals("SHA1") ? value : null,
                    algorithm.equals("SHA256") ? value : null,
                    type);
        }
    }

    /** The part count of a multipart object (per-part details are not kept). */
    public record ObjectParts(@JsonProperty("PartsCount") int partsCount) {}

    /** GetObjectAttributes. */
    @JacksonXmlRootElement(localName = "GetObjectAttributesResponse")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"ETag", "Checksum", "ObjectParts", "StorageClass", "ObjectSize"})
    public record GetObjectAttributesResponse(
            @JsonProperty("ETag") String etag,
            @JsonProperty("Checksum") Checksum checksum,
            @JsonProperty("ObjectParts") ObjectParts objectParts,
            @JsonProperty("StorageClass") String storageClass,
            @JsonProperty("ObjectSize") Long objectSize) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }
}
