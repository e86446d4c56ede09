package dev.o3.s3gateway.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import dev.o3.s3gateway.acl.Grant;
import dev.o3.s3gateway.acl.Grantee;
import java.util.List;

/** The response document of GetBucketAcl and GetObjectAcl. */
public final class AclDocuments {
    /** The namespace of {@code xsi:type}, which tells a grantee's kind. */
    static final String XSI_NAMESPACE = "http://www.w3.org/2001/XMLSchema-instance";

    private AclDocuments() {}

    /** A grantee with its {@code xsi:type}; users carry an ID and display name, groups a URI, e-mails an address. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"ID", "DisplayName", "URI", "EmailAddress"})
    public record GranteeElement(
            @JacksonXmlProperty(isAttribute = true, localName = "xsi:type") String type,
            @JsonProperty("ID") String id,
            @JsonProperty("DisplayName") String displayName,
            @JsonProperty("URI") String uri,
            @JsonProperty("EmailAddress") String emailAddress) {
        /** Declares the {@code xsi} prefix on the element that uses it, as S3 does. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns:xsi")
        public String xsiNamespace() {
            return XSI_NAMESPACE;
        }

        static GranteeElement of(Grantee grantee) {
            String type = grantee.type().xsiType();
            return switch (grantee.type()) {
                case CANONICAL_USER -> new GranteeElement(type, grantee.value(), grantee.value(), null, null);
                case GROUP -> new GranteeElement(type, null, null, grantee.value(), null);
                case EMAIL -> new GranteeElement(type, null, null, null, grantee.value());
            };
        }
    }

    /** One grant. */
    @JsonPropertyOrder({"Grantee", "Permission"})
    public record GrantElement(
            @JsonProperty("Grantee") GranteeElement grantee, @JsonProperty("Permission") String permission) {}

    /** GetBucketAcl and GetObjectAcl. */
    @JacksonXmlRootElement(localName = "AccessControlPolicy")
    @JsonPropertyOrder({"Owner", "AccessControlList"})
    public record AccessControlPolicy(
            @JsonProperty("Owner") BucketDocuments.Owner owner,
            @JacksonXmlElementWrapper(localName = "AccessControlList") @JacksonXmlProperty(localName = "Grant")
                    List<GrantElement> grants) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }

        /** The document for a resource of {@code owner} with these grants. */
        public static AccessControlPolicy of(String owner, List<Grant> grants) {
            return new AccessControlPolicy(
                    BucketDocuments.Owner.of(owner),
                    grants.stream()
                            .map(grant -> new GrantElement(
                                    GranteeElement.of(grant.grantee()),
                                    grant.permission().name()))
                            .toList());
        }
    }
}
