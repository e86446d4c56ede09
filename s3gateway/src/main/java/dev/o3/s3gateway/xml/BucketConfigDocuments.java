package dev.o3.s3gateway.xml;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;

/** Response documents of bucket configuration requests that have no document class of their own. */
public final class BucketConfigDocuments {
    private BucketConfigDocuments() {}

    /** GetBucketPolicyStatus. */
    @JacksonXmlRootElement(localName = "PolicyStatus")
    public record PolicyStatus(@JsonProperty("IsPublic") boolean isPublic) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }
}
