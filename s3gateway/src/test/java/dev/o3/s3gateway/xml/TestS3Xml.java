package dev.o3.s3gateway.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.s3gateway.acl.Grant;
import dev.o3.s3gateway.acl.Grantee;
import dev.o3.s3gateway.acl.Permission;
import dev.o3.s3gateway.backend.CompletedPart;
import dev.o3.s3gateway.backend.ObjectChecksum;
import dev.o3.s3gateway.error.S3Exception;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Shapes of the XML documents the gateway writes and reads. */
class TestS3Xml {
    private static String xml(Object document) {
        return new String(S3Xml.write(document), StandardCharsets.UTF_8);
    }

    @Test
    void writesTheS3ErrorDocument() {
        String xml =
                xml(new ErrorDocument("NoSuchKey", "The specified key does not exist.", "/b/k", "4442587FB7D0A2F9"));

        assertThat(xml)
                .startsWith("<?xml")
                .contains("<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message>"
                        + "<Resource>/b/k</Resource><RequestId>4442587FB7D0A2F9</RequestId></Error>");
    }

    @Test
    void writesListingsWithTheS3NamespaceAndUnwrappedLists() {
        String xml = xml(new ListingDocuments.ListBucketResultV2(
                "bucket",
                "",
                null,
                null,
                "token",
                2,
                1000,
                "/",
                true,
                null,
                List.of(new ListingDocuments.Contents("a", "2013-05-24T00:00:00.000Z", "\"e\"", 3, null, "STANDARD")),
                List.of(new ListingDocuments.CommonPrefix("dir/"))));

        assertThat(xml)
                .contains("<ListBucketResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Name>bucket</Name>")
                .contains("<Contents><Key>a</Key><LastModified>2013-05-24T00:00:00.000Z</LastModified>")
                .contains("<CommonPrefixes><Prefix>dir/</Prefix></CommonPrefixes>")
                .contains("<NextContinuationToken>token</NextContinuationToken>")
                .contains("<IsTruncated>true</IsTruncated>")
                .doesNotContain("StartAfter");
    }

    @Test
    void writesWrappedBucketLists() {
        String xml = xml(new BucketDocuments.ListAllMyBucketsResult(
                BucketDocuments.Owner.of("alice"), List.of(new BucketDocuments.Bucket("b1", "t"))));

        assertThat(xml).contains("<Buckets><Bucket><Name>b1</Name><CreationDate>t</CreationDate></Bucket></Buckets>");
    }

    @Test
    void writesTheChecksumElementsOfMultipartResultsInS3Order() {
        MultipartDocuments.Checksums crc32 = MultipartDocuments.Checksums.of("CRC32", "AAAAAA==-2");
        String complete = xml(
                new MultipartDocuments.CompleteMultipartUploadResult("/b/k", "b", "k", "\"e-2\"", crc32, "COMPOSITE"));
        assertThat(complete)
                .contains("<ETag>\"e-2\"</ETag><ChecksumCRC32>AAAAAA==-2</ChecksumCRC32>"
                        + "<ChecksumType>COMPOSITE</ChecksumType>")
                .doesNotContain("ChecksumSHA256");
        String part = xml(new MultipartDocuments.Part(
                1, "2026-11-26T00:00:00.000Z", "\"p\"", 5, MultipartDocuments.Checksums.of("SHA256", "c2hh")));
        assertThat(part)
                .contains("<Size>5</Size><ChecksumSHA256>c2hh</ChecksumSHA256></Part>")
                .doesNotContain("ChecksumCRC32");
    }

    @Test
    void readsRequestDocuments() {
        byte[] complete = ("<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
                        + "<Part><PartNumber>1</PartNumber><ETag>\"aa\"</ETag></Part>"
                        + "<Part><ETag>bb</ETag><ChecksumCRC32>AAAAAA==</ChecksumCRC32><PartNumber>2</PartNumber>"
                        + "</Part></CompleteMultipartUpload>")
                .getBytes(StandardCharsets.UTF_8);
        byte[] delete = "<Delete><Quiet>true</Quiet><Object><Key>a</Key></Object><Object><Key>b</Key></Object></Delete>"
                .getBytes(StandardCharsets.UTF_8);
        byte[] tagging = "<Tagging><TagSet><Tag><Key>k</Key><Value>v</Value></Tag></TagSet></Tagging>"
                .getBytes(StandardCharsets.UTF_8);

        assertThat(XmlRequests.completedParts(complete))
                .containsExactly(
                        new CompletedPart(1, "aa", Optional.empty()),
                        new CompletedPart(2, "bb", Optional.of(new ObjectChecksum("CRC32", "AAAAAA=="))));
        assertThat(XmlRequests.deleteRequest(delete))
                .isEqualTo(new XmlRequests.DeleteRequest(List.of("a", "b"), List.of("", ""), true));
        assertThat(XmlRequests.tags(tagging)).isEqualTo(Map.of("k", "v"));
    }

    @Test
    void writesAccessControlPoliciesWithTypedGrantees() {
        String xml = xml(AclDocuments.AccessControlPolicy.of(
                "alice",
                List.of(
                        new Grant(Grantee.user("alice"), Permission.FULL_CONTROL),
                        new Grant(Grantee.group(Grantee.ALL_USERS), Permission.READ))));

        assertThat(xml)
                .contains("<AccessControlPolicy xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
                        + "<Owner><ID>alice</ID><DisplayName>alice</DisplayName></Owner><AccessControlList>")
                .contains("<Grant><Grantee xsi:type=\"CanonicalUser\""
                        + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><ID>alice</ID>"
                        + "<DisplayName>alice</DisplayName></Grantee><Permission>FULL_CONTROL</Permission></Grant>")
                .contains("<Grantee xsi:type=\"Group\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
                        + "<URI>http://acs.amazonaws.com/groups/global/AllUsers</URI></Grantee>"
                        + "<Permission>READ</Permission>")
                .endsWith("</AccessControlList></AccessControlPolicy>");
    }

    @Test
    void readsAccessControlPolicies() {
        byte[] policy = ("<AccessControlPolicy xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
                        + "<Owner><ID>alice</ID></Owner><AccessControlList>"
                        + "<Grant><Grantee xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
                        + " xsi:type=\"CanonicalUser\"><ID>alice</ID></Grantee>"
                        + "<Permission>FULL_CONTROL</Permission></Grant>"
                        + "<Grant><Grantee xsi:type=\"Group\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
                        + "<URI> http://acs.amazonaws.com/groups/global/AuthenticatedUsers </URI></Grantee>"
                        + "<Permission>READ</Permission></Grant>"
                        + "<Grant><Grantee><EmailAddress>bob@example.com</EmailAddress></Grantee>"
                        + "<Permission>WRITE_ACP</Permission></Grant>"
                        + "</AccessControlList></AccessControlPolicy>")
                .getBytes(StandardCharsets.UTF_8);

        XmlRequests.AclRequest parsed = XmlRequests.accessControlPolicy(policy);

        assertThat(parsed.ownerId()).contains("alice");
        assertThat(parsed.grants())
                .containsExactly(
                        new Grant(Grantee.user("alice"), Permission.FULL_CONTROL),
                        new Grant(Grantee.group(Grantee.AUTHENTICATED_USERS), Permission.READ),
                        new Grant(new Grantee(Grantee.Type.EMAIL, "bob@example.com"), Permission.WRITE_ACP));
    }

    @Test
    void rejectsMalformedAccessControlPolicies() {
        assertCode("<AccessControlPolicy><Owner><ID>a</ID></Owner></AccessControlPolicy>", "MalformedACLError");
        assertCode(
                "<AccessControlPolicy><AccessControlList><Grant><Permission>READ</Permission></Grant>"
                        + "</AccessControlList></AccessControlPolicy>",
                "MalformedACLError");
        assertCode(
                "<AccessControlPolicy><AccessControlList><Grant><Grantee><ID>a</ID></Grantee>"
                        + "<Permission>EVERYTHING</Permission></Grant></AccessControlList></AccessControlPolicy>",
                "MalformedACLError");
        assertCode(
                "<AccessControlPolicy><AccessControlList><Grant><Grantee><DisplayName>a</DisplayName></Grantee>"
                        + "<Permission>READ</Permission></Grant></AccessControlList></AccessControlPolicy>",
                "MalformedACLError");
        assertCode("", "MalformedXML");
        assertCode("<Tagging/>", "MalformedXML");
    }

    private static void assertCode(String policy, String code) {
        assertThatThrownBy(() -> XmlRequests.accessControlPolicy(policy.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(
                        S3Exception.class, e -> assertThat(e.code().code()).isEqualTo(code));
    }

    @Test
    void rejectsMalformedAndHostileDocuments() {
        byte[] doctype = ("<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                        + "<Delete><Object><Key>&e;</Key></Object></Delete>")
                .getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> XmlRequests.deleteRequest("<Delete>".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(S3Exception.class)
                .hasMessageContaining("not well-formed");
        assertThatThrownBy(() -> XmlRequests.deleteRequest(doctype)).isInstanceOf(S3Exception.class);
        assertThatThrownBy(() -> XmlRequests.tags("<Other/>".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(S3Exception.class);
    }
}
