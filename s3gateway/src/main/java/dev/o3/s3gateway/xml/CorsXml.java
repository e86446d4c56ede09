package dev.o3.s3gateway.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import dev.o3.proto.om.CorsConfiguration;
import dev.o3.proto.om.CorsRule;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.util.List;
import org.w3c.dom.Element;

/** The CORSConfiguration document of PutBucketCors and GetBucketCors. Thread-safe. */
public final class CorsXml {
    private CorsXml() {}

    /**
     * Parses a CORSConfiguration.
     *
     * @throws S3Exception MalformedXML when it is not one, or MaxAgeSeconds is no integer
     */
    public static CorsConfiguration parse(byte[] xml) {
        CorsConfiguration.Builder cors = CorsConfiguration.newBuilder();
        for (Element rule : XmlRequests.children(XmlRequests.parse(xml, "CORSConfiguration"), "CORSRule")) {
            CorsRule.Builder parsed = CorsRule.newBuilder()
                    .setId(XmlRequests.text(rule, "ID").map(String::trim).orElse(""))
                    .addAllAllowedOrigins(texts(rule, "AllowedOrigin"))
                    .addAllAllowedMethods(texts(rule, "AllowedMethod"))
                    .addAllAllowedHeaders(texts(rule, "AllowedHeader"))
                    .addAllExposeHeaders(texts(rule, "ExposeHeader"));
            var maxAge = XmlRequests.text(rule, "MaxAgeSeconds");
            if (maxAge.isPresent()) {
                try {
                    parsed.setMaxAgeSeconds(Integer.parseInt(maxAge.get().trim()));
                } catch (NumberFormatException e) {
                    throw new S3Exception(S3ErrorCode.MALFORMED_XML, "MaxAgeSeconds must be an integer", e);
                }
            }
            cors.addRules(parsed);
        }
        return cors.build();
    }

    private static List<String> texts(Element parent, String name) {
        return XmlRequests.children(parent, name).stream()
                .map(element -> element.getTextContent().trim())
                .toList();
    }

    /** The document of stored rules. */
    public static Document document(CorsConfiguration cors) {
        return new Document(cors.getRulesList().stream()
                .map(rule -> new Rule(
                        rule.getId().isEmpty() ? null : rule.getId(),
                        rule.getAllowedHeadersList(),
                        rule.getAllowedMethodsList(),
                        rule.getAllowedOriginsList(),
                        rule.getExposeHeadersList(),
                        rule.hasMaxAgeSeconds() ? rule.getMaxAgeSeconds() : null))
                .toList());
    }

    /** One CORSRule. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    @JsonPropertyOrder({"ID", "AllowedHeader", "AllowedMethod", "AllowedOrigin", "ExposeHeader", "MaxAgeSeconds"})
    public record Rule(
            @JsonProperty("ID") String id,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("AllowedHeader") List<String> allowedHeaders,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("AllowedMethod") List<String> allowedMethods,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("AllowedOrigin") List<String> allowedOrigins,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("ExposeHeader") List<String> exposeHeaders,
            @JsonProperty("MaxAgeSeconds") Integer maxAgeSeconds) {}

    /** GetBucketCors. */
    @JacksonXmlRootElement(localName = "CORSConfiguration")
    public record Document(@JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("CORSRule") List<Rule> rules) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }
}
