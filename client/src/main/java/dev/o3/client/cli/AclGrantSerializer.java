package dev.o3.client.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.o3.proto.om.AclGrant;
import dev.o3.proto.om.AclGroup;
import java.io.IOException;

/**
 * Writes an ACL grant as {@code {"user": NAME, "permission": P}} or {@code {"group": "AllUsers", "permission": P}},
 * permissions by their S3 names ({@code READ}, {@code FULL_CONTROL}...).
 */
final class AclGrantSerializer extends StdSerializer<AclGrant> {
    private static final long serialVersionUID = 1L;

    AclGrantSerializer() {
        super(AclGrant.class);
    }

    @Override
    public void serialize(AclGrant grant, JsonGenerator json, SerializerProvider provider) throws IOException {
        json.writeStartObject();
        if (grant.getGroup() == AclGroup.ACL_GROUP_NONE) {
            json.writeStringField("user", grant.getUser());
        } else {
            json.writeStringField(
                    "group", grant.getGroup() == AclGroup.ACL_GROUP_ALL_USERS ? "AllUsers" : "AuthenticatedUsers");
        }
        json.writeStringField("permission", grant.getPermission().name().substring("ACL_".length()));
        json.writeEndObject();
    }
}
