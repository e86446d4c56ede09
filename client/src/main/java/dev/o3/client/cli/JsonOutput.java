package dev.o3.client.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.o3.common.acl.CannedAcl;
import dev.o3.proto.om.AclGrant;
import java.io.PrintWriter;
import java.io.UncheckedIOException;

/** Pretty JSON of records and lists for {@code --json}; times as ISO-8601 strings, canned ACLs by S3 name, grants
 * as user or group and permission. */
public final class JsonOutput {
    private static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .registerModule(new SimpleModule()
                    .addSerializer(CannedAcl.class, ToStringSerializer.instance)
                    .addSerializer(AclGrant.class, new AclGrantSerializer()))
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private JsonOutput() {}

    public static void print(PrintWriter out, Object value) {
        try {
            out.println(JSON.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
