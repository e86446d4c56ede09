package dev.o3.s3gateway.xml;

import dev.o3.s3gateway.acl.Grant;
import dev.o3.s3gateway.acl.Grantee;
import dev.o3.s3gateway.acl.Permission;
import dev.o3.s3gateway.backend.CompletedPart;
import dev.o3.s3gateway.backend.ObjectChecksum;
import dev.o3.s3gateway.body.ChecksumAlgorithm;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * Reads the XML documents clients send (CompleteMultipartUpload, Delete, Tagging, AccessControlPolicy) with the JDK's
 * DOM parser, with
 * DOCTYPEs and external entities disabled. Element names are matched without namespace prefixes. Thread-safe.
 */
public final class XmlRequests {
    private XmlRequests() {}

    /** The parts of a CompleteMultipartUpload document, in document order. */
    public static List<CompletedPart> completedParts(byte[] xml) {
        List<CompletedPart> parts = new ArrayList<>();
        for (Element part : children(parse(xml, "CompleteMultipartUpload"), "Part")) {
            String number = text(part, "PartNumber").orElseThrow(XmlRequests::malformed);
            String etag = text(part, "ETag").orElseThrow(XmlRequests::malformed);
            Optional<ObjectChecksum> checksum = Optional.empty();
            for (ChecksumAlgorithm algorithm : ChecksumAlgorithm.values()) {
                Optional<String> value = text(part, "Checksum" + algorithm.name());
                if (value.isPresent()) {
                    checksum = Optional.of(
                            new ObjectChecksum(algorithm.name(), value.get().trim()));
                }
            }
            try {
                parts.add(new CompletedPart(Integer.parseInt(number.trim()), unquote(etag.trim()), checksum));
            } catch (NumberFormatException e) {
                throw new S3Exception(S3ErrorCode.MALFORMED_XML, "Bad PartNumber " + number, e);
            }
        }
        return parts;
    }

    /**
     * A Delete document.
     *
     * @param keys the keys to delete, in document order
     * @param versionIds the version of each key to delete, empty for none
     * @param quiet whether only errors are reported
     */
    public record DeleteRequest(List<String> keys, List<String> versionIds, boolean quiet) {
        public DeleteRequest {
            keys = List.copyOf(keys);
            versionIds = List.copyOf(versionIds);
            if (versionIds.size() != keys.size()) {
                throw new IllegalArgumentException("one version id per key");
            }
        }
    }

    /** Parses a DeleteObjects document. */
    public static DeleteRequest deleteRequest(byte[] xml) {
        Element root = parse(xml, "Delete");
        List<String> keys = new ArrayList<>();
        List<String> versionIds = new ArrayList<>();
        for (Element object : children(root, "Object")) {
            keys.add(text(object, "Key").orElseThrow(XmlRequests::malformed));
            versionIds.add(text(object, "VersionId").map(String::trim).orElse(""));
        }
        boolean quiet = text(root, "Quiet")
                .map(value -> Boolean.parseBoolean(value.trim()))
                .orElse(false);
        return new DeleteRequest(keys, versionIds, quiet);
    }

    /**
     * The Status of a VersioningConfiguration document: whether versioning is to be enabled (else suspended).
     *
     * @throws S3Exception MalformedXML; IllegalVersioningConfigurationException when the Status is missing or
     *     neither Enabled nor Suspended, or MFA Delete is asked to be enabled
     */
    public static boolean versioningEnabled(byte[] xml) {
        Element root = parse(xml, "VersioningConfiguration");
        if (text(root, "MfaDelete").map(String::trim).filter("Enabled"::equals).isPresent()) {
            throw new S3Exception(S3ErrorCode.ILLEGAL_VERSIONING_CONFIGURATION, "MFA Delete is not supported");
        }
        String status = text(root, "Status").map(String::trim).orElse("");
        return switch (status) {
            case "Enabled" -> true;
            case "Suspended" -> false;
            default -> throw new S3Exception(
                    S3ErrorCode.ILLEGAL_VERSIONING_CONFIGURATION,
                    "The Status is Enabled or Suspended, not '" + status + "'");
        };
    }

    /** The tags of a Tagging document, in document order. */
    public static Map<String, String> tags(byte[] xml) {
        Element root = parse(xml, "Tagging");
        Map<String, String> tags = new LinkedHashMap<>();
        for (Element tagSet : children(root, "TagSet")) {
            for (Element tag : children(tagSet, "Tag")) {
                String key = text(tag, "Key").orElseThrow(XmlRequests::malformed);
                if (tags.put(key, text(tag, "Value").orElse("")) != null) {
                    throw new S3Exception(S3ErrorCode.INVALID_TAG, "Cannot provide multiple Tags with the same key");
                }
            }
        }
        return tags;
    }

    /**
     * An AccessControlPolicy document.
     *
     * @param ownerId the ID its {@code Owner} names, if any
     * @param grants its grants, in document order
     */
    public record AclRequest(Optional<String> ownerId, List<Grant> grants) {
        public AclRequest {
            Objects.requireNonNull(ownerId, "ownerId is null");
            grants = List.copyOf(grants);
        }
    }

    /**
     * Parses a PutBucketAcl / PutObjectAcl body. A grantee's kind comes from the element it carries ({@code URI},
     * {@code EmailAddress} or {@code ID}).
     *
     * @throws S3Exception MalformedXML when it is not XML of that root, MalformedACLError when a grant lacks its
     *     grantee or permission or names an unknown permission
     */
    public static AclRequest accessControlPolicy(byte[] xml) {
        Element root = parse(xml, "AccessControlPolicy");
        Optional<String> ownerId = children(root, "Owner").stream()
                .findFirst()
                .flatMap(owner -> text(owner, "ID"))
                .map(String::trim);
        List<Element> lists = children(root, "AccessControlList");
        if (lists.size() != 1) {
            throw malformedAcl("An AccessControlPolicy needs one AccessControlList");
        }
        List<Grant> grants = new ArrayList<>();
        for (Element grant : children(lists.get(0), "Grant")) {
            Element grantee = children(grant, "Grantee").stream()
                    .findFirst()
                    .orElseThrow(() -> malformedAcl("A Grant lacks its Grantee"));
            String permission = text(grant, "Permission")
                    .map(String::trim)
                    .orElseThrow(() -> malformedAcl("A Grant lacks its Permission"));
            grants.add(new Grant(grantee(grantee), permission(permission)));
        }
        return new AclRequest(ownerId, grants);
    }

    private static Grantee grantee(Element grantee) {
        Optional<String> uri = text(grantee, "URI").map(String::trim);
        if (uri.isPresent()) {
            return Grantee.group(uri.get());
        }
        Optional<String> email = text(grantee, "EmailAddress").map(String::trim);
        if (email.isPresent()) {
            return new Grantee(Grantee.Type.EMAIL, email.get());
        }
        return Grantee.user(text(grantee, "ID")
                .map(String::trim)
                .orElseThrow(() -> malformedAcl("A Grantee needs an ID, a URI or an EmailAddress")));
    }

    private static Permission permission(String name) {
        for (Permission permission : Permission.values()) {
            if (permission.name().equals(name)) {
                return permission;
            }
        }
        throw malformedAcl("Unknown permission " + name);
    }

    private static S3Exception malformedAcl(String message) {
        return new S3Exception(S3ErrorCode.MALFORMED_ACL_ERROR, message);
    }

    /** The root element of {@code xml}, which must be named {@code rootName}; MalformedXML otherwise. */
    static Element parse(byte[] xml, String rootName) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null);
            Element root = builder.parse(new ByteArrayInputStream(xml)).getDocumentElement();
            if (!localName(root).equals(rootName)) {
                throw malformed();
            }
            return root;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK XML parser lacks secure processing", e);
        } catch (SAXException | IOException e) {
            throw new S3Exception(S3ErrorCode.MALFORMED_XML, S3ErrorCode.MALFORMED_XML.defaultMessage(), e);
        }
    }

    /** The child elements of {@code parent} named {@code name} (without prefix), in document order. */
    static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && localName(element).equals(name)) {
                found.add(element);
            }
        }
        return found;
    }

    /** The text of the first child named {@code name}, if there is one. */
    static Optional<String> text(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0).getTextContent());
    }

    /** An element's name without its namespace prefix. */
    static String localName(Element element) {
        String name = element.getNodeName();
        int colon = name.indexOf(':');
        return colon < 0 ? name : name.substring(colon + 1);
    }

    private static String unquote(String etag) {
        return etag.length() >= 2 && etag.startsWith("\"") && etag.endsWith("\"")
                ? etag.substring(1, etag.length() - 1)
                : etag;
    }

    private static S3Exception malformed() {
        return new S3Exception(S3ErrorCode.MALFORMED_XML);
    }
}
