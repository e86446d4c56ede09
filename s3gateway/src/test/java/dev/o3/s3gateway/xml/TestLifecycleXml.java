package dev.o3.s3gateway.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.proto.om.LifecycleConfiguration;
import dev.o3.proto.om.LifecycleRule;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Lifecycle and CORS documents read from and written back to XML. */
class TestLifecycleXml {
    @Test
    void readsEveryFilterFormAndActionAndWritesThemBack() {
        LifecycleConfiguration lifecycle = LifecycleXml.parse(
                bytes(
                        """
                <LifecycleConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
                  <Rule><ID>tmp</ID><Status>Enabled</Status><Filter><Prefix>tmp/</Prefix></Filter>
                    <Expiration><Days>7</Days></Expiration>
                    <AbortIncompleteMultipartUpload>
                      <DaysAfterInitiation>2</DaysAfterInitiation>
                    </AbortIncompleteMultipartUpload>
                  </Rule>
                  <Rule><ID>big-logs</ID><Status>Disabled</Status>
                    <Filter><And><Prefix>logs/</Prefix><Tag><Key>k</Key><Value>v</Value></Tag>
                      <ObjectSizeGreaterThan>1024</ObjectSizeGreaterThan></And></Filter>
                    <Expiration><Date>2030-01-01T00:00:00Z</Date></Expiration>
                    <NoncurrentVersionExpiration><NoncurrentDays>30</NoncurrentDays></NoncurrentVersionExpiration>
                  </Rule>
                  <Rule><Status>Enabled</Status><Prefix>old/</Prefix><Expiration><Days>1</Days></Expiration></Rule>
                </LifecycleConfiguration>"""));

        LifecycleRule tmp = lifecycle.getRules(0);
        assertThat(tmp.getEnabled()).isTrue();
        assertThat(tmp.getFilter().getPrefix()).isEqualTo("tmp/");
        assertThat(tmp.getExpirationDays()).isEqualTo(7);
        assertThat(tmp.getAbortIncompleteUploadDays()).isEqualTo(2);
        LifecycleRule logs = lifecycle.getRules(1);
        assertThat(logs.getEnabled()).isFalse();
        assertThat(logs.getFilter().getTags(0).getKey()).isEqualTo("k");
        assertThat(logs.getFilter().getSizeGreaterThan()).isEqualTo(1024);
        assertThat(logs.getExpirationDateMillis()).isEqualTo(1_893_456_000_000L);
        assertThat(logs.getNoncurrentExpirationDays()).isEqualTo(30);
        assertThat(lifecycle.getRules(2).getFilter().getPrefix())
                .as("the older rule-level Prefix")
                .isEqualTo("old/");

        String written = new String(S3Xml.write(LifecycleXml.document(lifecycle)), StandardCharsets.UTF_8);
        assertThat(LifecycleXml.parse(bytes(written)))
                .as("what GET returns reads back the same: %s", written)
                .isEqualTo(lifecycle);
        assertThat(written).contains("<Date>2030-01-01T00:00:00.000Z</Date>").contains("<And>");
    }

    private static final String ENABLED = "<Status>Enabled</Status>";

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("<Status>On</Status>", "MalformedXML"),
                Arguments.of(ENABLED + "<Expiration><Days>0</Days></Expiration>", "InvalidArgument"),
                Arguments.of(ENABLED + "<Expiration><Days>x</Days></Expiration>", "InvalidArgument"),
                Arguments.of(
                        ENABLED + "<Expiration><Days>1</Days><Date>2030-01-01T00:00:00Z</Date></Expiration>",
                        "MalformedXML"),
                Arguments.of(ENABLED + "<Expiration><Date>2030-01-01T10:00:00Z</Date></Expiration>", "InvalidArgument"),
                Arguments.of(ENABLED + "<Filter><Prefix>a</Prefix><Tag><Key>k</Key></Tag></Filter>", "MalformedXML"),
                Arguments.of(ENABLED + "<Filter/><Prefix>a</Prefix>", "MalformedXML"),
                Arguments.of(
                        ENABLED + "<AbortIncompleteMultipartUpload><DaysAfterInitiation>-1</DaysAfterInitiation>"
                                + "</AbortIncompleteMultipartUpload>",
                        "InvalidArgument"),
                Arguments.of(
                        ENABLED + "<Transition><Days>1</Days><StorageClass>GLACIER</StorageClass></Transition>",
                        "NotImplemented"));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusesRulesAsS3Does(String rule, String code) {
        assertThatThrownBy(() -> LifecycleXml.parse(
                        bytes("<LifecycleConfiguration><Rule>" + rule + "</Rule></LifecycleConfiguration>")))
                .isInstanceOfSatisfying(
                        S3Exception.class, e -> assertThat(e.code().code()).isEqualTo(code));
    }

    @Test
    void corsRulesReadAndWriteBack() {
        var cors = CorsXml.parse(
                bytes(
                        """
                <CORSConfiguration><CORSRule><ID>r</ID><AllowedOrigin>*</AllowedOrigin>
                <AllowedMethod>GET</AllowedMethod>
                <AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>
                <MaxAgeSeconds>60</MaxAgeSeconds></CORSRule></CORSConfiguration>"""));

        assertThat(cors.getRules(0).getAllowedMethodsList()).containsExactly("GET", "PUT");
        assertThat(cors.getRules(0).getMaxAgeSeconds()).isEqualTo(60);
        assertThat(CorsXml.parse(S3Xml.write(CorsXml.document(cors)))).isEqualTo(cors);
        assertThatThrownBy(() -> CorsXml.parse(bytes("<CORSConfiguration><CORSRule><MaxAgeSeconds>x</MaxAgeSeconds>"
                        + "</CORSRule></CORSConfiguration>")))
                .isInstanceOfSatisfying(
                        S3Exception.class, e -> assertThat(e.code()).isEqualTo(S3ErrorCode.MALFORMED_XML));
    }

    private static byte[] bytes(String xml) {
        return xml.getBytes(StandardCharsets.UTF_8);
    }
}
