package dev.o3.s3gateway.xml;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import com.fasterxml.jackson.dataformat.xml.ser.ToXmlGenerator;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Writes S3 response documents; thread-safe (the mapper is shared and immutable after construction). */
public final class S3Xml {
    /** The S3 namespace of response documents. */
    public static final String NAMESPACE = "http://s3.amazonaws.com/doc/2006-03-01/";

    private static final XmlMapper MAPPER = XmlMapper.builder()
            .enable(ToXmlGenerator.Feature.WRITE_XML_DECLARATION)
            .build();
    private static final DateTimeFormatter ISO_MILLIS =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private S3Xml() {}

    /** The UTF-8 XML of a response record. */
    public static byte[] write(Object document) {
        try {
            return MAPPER.writeValueAsBytes(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "cannot write " + document.getClass().getSimpleName(), e);
        }
    }

    /** S3's timestamp form in XML, e.g. {@code 2009-10-12T17:50:30.000Z}. */
    public static String timestamp(Instant instant) {
        return ISO_MILLIS.format(instant);
    }
}
