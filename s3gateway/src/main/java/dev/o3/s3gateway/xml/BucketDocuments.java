package dev.o3.s3gateway.xml;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlText;
import java.util.List;

/** Response documents of service and bucket requests. */
public final class BucketDocuments {
    private BucketDocuments() {}

    /** An owner as S3 lists it. */
    @JsonPropertyOrder({"ID", "DisplayName"})
    public record Owner(@JsonProperty("ID") String id, @JsonProperty("DisplayName") String displayName) {
        public static Owner of(String user) {
            return new Owner(user, user);
        }
    }

    /** One bucket in ListBuckets. */
    @JsonPropertyOrder({"Name", "CreationDate"})
    public record Bucket(@JsonProperty("Name") String name, @JsonProperty("CreationDate") String creationDate) {}

    /** ListBuckets. */
    @JacksonXmlRootElement(localName = "ListAllMyBucketsResult")
    @JsonPropertyOrder({"Owner", "Buckets"})
    public record ListAllMyBucketsResult(
            @JsonProperty("Owner") Owner owner,
            @JacksonXmlElementWrapper(localName = "Buckets") @JacksonXmlProperty(localName = "Bucket")
                    List<Bucket> buckets) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }

    /** GetBucketLocation. */
    @JacksonXmlRootElement(localName = "LocationConstraint")
    public record LocationConstraint(@JacksonXmlText String region) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }
}
