package dev.o3.s3gateway.xml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import dev.o3.proto.hdds.KeyValue;
import dev.o3.proto.om.LifecycleConfiguration;
import dev.o3.proto.om.LifecycleFilter;
import dev.o3.proto.om.LifecycleRule;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.w3c.dom.Element;

/**
 * The LifecycleConfiguration document of Put/GetBucketLifecycleConfiguration: rules with ID, Status, a Filter
 * (Prefix, Tag, ObjectSizeGreaterThan/LessThan, or an And of them; or the older rule-level Prefix), Expiration
 * (Days, Date, ExpiredObjectDeleteMarker), NoncurrentVersionExpiration and AbortIncompleteMultipartUpload.
 * Transitions to other storage classes are NotImplemented. Thread-safe.
 */
public final class LifecycleXml {
    private static final long DAY_MILLIS = 86_400_000L;

    private LifecycleXml() {}

    /**
     * Parses a LifecycleConfiguration.
     *
     * @throws S3Exception MalformedXML for a structure S3 refuses, InvalidArgument for a bad number or date,
     *     NotImplemented for transitions
     */
    public static LifecycleConfiguration parse(byte[] xml) {
        LifecycleConfiguration.Builder lifecycle = LifecycleConfiguration.newBuilder();
        for (Element rule : XmlRequests.children(XmlRequests.parse(xml, "LifecycleConfiguration"), "Rule")) {
            lifecycle.addRules(rule(rule));
        }
        return lifecycle.build();
    }

    private static LifecycleRule rule(Element rule) {
        if (!XmlRequests.children(rule, "Transition").isEmpty()
                || !XmlRequests.children(rule, "NoncurrentVersionTransition").isEmpty()) {
            throw new S3Exception(
                    S3ErrorCode.NOT_IMPLEMENTED, "Transitions to other storage classes are not supported");
        }
        String status = XmlRequests.text(rule, "Status").map(String::trim).orElse("");
        if (!status.equals("Enabled") && !status.equals("Disabled")) {
            throw malformed("Status must be Enabled or Disabled");
        }
        LifecycleRule.Builder parsed = LifecycleRule.newBuilder()
                .setId(XmlRequests.text(rule, "ID").map(String::trim).orElse(""))
                .setEnabled(status.equals("Enabled"));
        Optional<Element> filter = first(rule, "Filter");
        Optional<String> legacyPrefix = XmlRequests.text(rule, "Prefix");
        if (filter.isPresent() && legacyPrefix.isPresent()) {
            throw malformed("A rule may have a Filter or a Prefix, not both");
        }
        if (filter.isPresent()) {
            parsed.setFilter(filter(filter.get()));
        } else {
            legacyPrefix.ifPresent(
                    prefix -> parsed.setFilter(LifecycleFilter.newBuilder().setPrefix(prefix)));
        }
        first(rule, "Expiration").ifPresent(expiration -> expiration(expiration, parsed));
        first(rule, "AbortIncompleteMultipartUpload")
                .ifPresent(abort -> parsed.setAbortIncompleteUploadDays(positive(abort, "DaysAfterInitiation")
                        .orElseThrow(() -> malformed("DaysAfterInitiation is missing"))));
        first(rule, "NoncurrentVersionExpiration").ifPresent(noncurrent -> {
            parsed.setNoncurrentExpirationDays(
                    positive(noncurrent, "NoncurrentDays").orElseThrow(() -> malformed("NoncurrentDays is missing")));
            positive(noncurrent, "NewerNoncurrentVersions").ifPresent(parsed::setNewerNoncurrentVersions);
        });
        return parsed.build();
    }

    private static LifecycleFilter filter(Element filter) {
        List<String> present = new ArrayList<>();
        for (String name : List.of("Prefix", "Tag", "And", "ObjectSizeGreaterThan", "ObjectSizeLessThan")) {
            if (!XmlRequests.children(filter, name).isEmpty()) {
                present.add(name);
            }
        }
        if (present.size() > 1 || XmlRequests.children(filter, "Tag").size() > 1) {
            throw malformed("Filter may name only one of Prefix, Tag, ObjectSize* or And");
        }
        Element conditions = first(filter, "And").orElse(filter);
        LifecycleFilter.Builder parsed = LifecycleFilter.newBuilder()
                .setPrefix(XmlRequests.text(conditions, "Prefix").orElse(""));
        for (Element tag : XmlRequests.children(conditions, "Tag")) {
            parsed.addTags(KeyValue.newBuilder()
                    .setKey(XmlRequests.text(tag, "Key").orElseThrow(() -> malformed("A Tag needs a Key")))
                    .setValue(XmlRequests.text(tag, "Value").orElse("")));
        }
        number(conditions, "ObjectSizeGreaterThan").ifPresent(parsed::setSizeGreaterThan);
        number(conditions, "ObjectSizeLessThan").ifPresent(parsed::setSizeLessThan);
        return parsed.build();
    }

    private static void expiration(Element expiration, LifecycleRule.Builder rule) {
        Optional<Integer> days = XmlRequests.text(expiration, "Days").map(text -> {
            long value = parseLong(text, "Days");
            if (value <= 0 || value > Integer.MAX_VALUE) {
                throw invalid("'Days' for Expiration action must be a positive integer");
            }
            return (int) value;
        });
        Optional<String> date = XmlRequests.text(expiration, "Date").map(String::trim);
        Optional<String> marker =
                XmlRequests.text(expiration, "ExpiredObjectDeleteMarker").map(String::trim);
        if ((days.isPresent() ? 1 : 0) + (date.isPresent() ? 1 : 0) + (marker.isPresent() ? 1 : 0) != 1) {
            throw malformed("Expiration needs exactly one of Days, Date or ExpiredObjectDeleteMarker");
        }
        days.ifPresent(rule::setExpirationDays);
        date.ifPresent(text -> rule.setExpirationDateMillis(midnight(text)));
        marker.ifPresent(text -> rule.setExpiredObjectDeleteMarker(Boolean.parseBoolean(text)));
    }

    private static long midnight(String text) {
        long millis;
        try {
            millis = OffsetDateTime.parse(text).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            try {
                millis = Instant.parse(text + (text.length() == 10 ? "T00:00:00Z" : ""))
                        .toEpochMilli();
            } catch (DateTimeParseException again) {
                throw invalid("'Date' must be an ISO 8601 date");
            }
        }
        if (millis % DAY_MILLIS != 0) {
            throw invalid("'Date' must be at midnight GMT");
        }
        return millis;
    }

    private static Optional<Integer> positive(Element parent, String name) {
        return XmlRequests.text(parent, name).map(text -> {
            long value = parseLong(text, name);
            if (value <= 0 || value > Integer.MAX_VALUE) {
                throw invalid("'" + name + "' must be a positive integer");
            }
            return (int) value;
        });
    }

    private static Optional<Long> number(Element parent, String name) {
        return XmlRequests.text(parent, name).map(text -> {
            long value = parseLong(text, name);
            if (value < 0) {
                throw invalid("'" + name + "' must not be negative");
            }
            return value;
        });
    }

    private static long parseLong(String text, String name) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw invalid("'" + name + "' must be an integer");
        }
    }

    private static Optional<Element> first(Element parent, String name) {
        return XmlRequests.children(parent, name).stream().findFirst();
    }

    private static S3Exception malformed(String message) {
        return new S3Exception(S3ErrorCode.MALFORMED_XML, message);
    }

    private static S3Exception invalid(String message) {
        return new S3Exception(S3ErrorCode.INVALID_ARGUMENT, message);
    }

    /** The document of stored rules. */
    public static Document document(LifecycleConfiguration lifecycle) {
        return new Document(
                lifecycle.getRulesList().stream().map(LifecycleXml::ruleElement).toList());
    }

    private static Rule ruleElement(LifecycleRule rule) {
        Expiration expiration = null;
        if (rule.getExpirationDays() > 0) {
            expiration = new Expiration(rule.getExpirationDays(), null, null);
        } else if (rule.getExpirationDateMillis() > 0) {
            expiration =
                    new Expiration(null, S3Xml.timestamp(Instant.ofEpochMilli(rule.getExpirationDateMillis())), null);
        } else if (rule.getExpiredObjectDeleteMarker()) {
            expiration = new Expiration(null, null, true);
        }
        return new Rule(
                rule.getId().isEmpty() ? null : rule.getId(),
                filterElement(rule.getFilter()),
                rule.getEnabled() ? "Enabled" : "Disabled",
                expiration,
                rule.getNoncurrentExpirationDays() > 0
                        ? new NoncurrentExpiration(
                                rule.getNoncurrentExpirationDays(),
                                rule.getNewerNoncurrentVersions() > 0 ? rule.getNewerNoncurrentVersions() : null)
                        : null,
                rule.getAbortIncompleteUploadDays() > 0 ? new AbortUpload(rule.getAbortIncompleteUploadDays()) : null);
    }

    private static Filter filterElement(LifecycleFilter filter) {
        List<Tag> tags = filter.getTagsList().stream()
                .map(tag -> new Tag(tag.getKey(), tag.getValue()))
                .toList();
        Long greater = filter.hasSizeGreaterThan() ? filter.getSizeGreaterThan() : null;
        Long less = filter.hasSizeLessThan() ? filter.getSizeLessThan() : null;
        int conditions = (filter.getPrefix().isEmpty() ? 0 : 1)
                + tags.size()
                + (greater == null ? 0 : 1)
                + (less == null ? 0 : 1);
        if (conditions > 1) {
            return new Filter(
                    null,
                    null,
                    new And(filter.getPrefix().isEmpty() ? null : filter.getPrefix(), tags, greater, less),
                    null,
                    null);
        }
        return new Filter(filter.getPrefix(), tags.isEmpty() ? null : tags.get(0), null, greater, less);
    }

    /** A tag of a filter. */
    @JsonPropertyOrder({"Key", "Value"})
    public record Tag(@JsonProperty("Key") String key, @JsonProperty("Value") String value) {}

    /** Several filter conditions that must all hold. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"Prefix", "Tag", "ObjectSizeGreaterThan", "ObjectSizeLessThan"})
    public record And(
            @JsonProperty("Prefix") String prefix,
            @JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("Tag") List<Tag> tags,
            @JsonProperty("ObjectSizeGreaterThan") Long sizeGreaterThan,
            @JsonProperty("ObjectSizeLessThan") Long sizeLessThan) {}

    /** A rule's filter: one condition, or an And. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"Prefix", "Tag", "And", "ObjectSizeGreaterThan", "ObjectSizeLessThan"})
    public record Filter(
            @JsonProperty("Prefix") String prefix,
            @JsonProperty("Tag") Tag tag,
            @JsonProperty("And") And and,
            @JsonProperty("ObjectSizeGreaterThan") Long sizeGreaterThan,
            @JsonProperty("ObjectSizeLessThan") Long sizeLessThan) {}

    /** When current objects expire. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"Days", "Date", "ExpiredObjectDeleteMarker"})
    public record Expiration(
            @JsonProperty("Days") Integer days,
            @JsonProperty("Date") String date,
            @JsonProperty("ExpiredObjectDeleteMarker") Boolean expiredObjectDeleteMarker) {}

    /** When noncurrent versions expire. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"NoncurrentDays", "NewerNoncurrentVersions"})
    public record NoncurrentExpiration(
            @JsonProperty("NoncurrentDays") Integer days,
            @JsonProperty("NewerNoncurrentVersions") Integer newerVersions) {}

    /** When incomplete multipart uploads are aborted. */
    public record AbortUpload(@JsonProperty("DaysAfterInitiation") int days) {}

    /** One rule. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "ID",
        "Filter",
        "Status",
        "Expiration",
        "NoncurrentVersionExpiration",
        "AbortIncompleteMultipartUpload"
    })
    public record Rule(
            @JsonProperty("ID") String id,
            @JsonProperty("Filter") Filter filter,
            @JsonProperty("Status") String status,
            @JsonProperty("Expiration") Expiration expiration,
            @JsonProperty("NoncurrentVersionExpiration") NoncurrentExpiration noncurrentExpiration,
            @JsonProperty("AbortIncompleteMultipartUpload") AbortUpload abortUpload) {}

    /** GetBucketLifecycleConfiguration. */
    @JacksonXmlRootElement(localName = "LifecycleConfiguration")
    public record Document(@JacksonXmlElementWrapper(useWrapping = false) @JsonProperty("Rule") List<Rule> rules) {
        /** The S3 namespace, written as the root element's default namespace. */
        @JacksonXmlProperty(isAttribute = true, localName = "xmlns")
        public String xmlns() {
            return S3Xml.NAMESPACE;
        }
    }
}
