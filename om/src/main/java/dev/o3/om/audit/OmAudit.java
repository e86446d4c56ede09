package dev.o3.om.audit;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one line per answered OM request to the SLF4J logger {@code OMAudit}, which dist's logback configuration
 * sends to its own file ({@code om-audit.log}): {@code user=alice | op=CreateKey | resource=/vol1/bucket1/key1 |
 * result=SUCCESS | client=127.0.0.1:51234}. Writes and every refused call (with its status: {@code result=
 * PERMISSION_DENIED}, {@code result=UNAUTHENTICATED}) are logged at INFO; successful reads, by far the most calls,
 * at DEBUG, so that auditing them is a choice (the logger's level) rather than a cost on every lookup. Stateless;
 * thread-safe.
 */
public final class OmAudit {
    /** The logger name, as in Apache Ozone. */
    public static final String LOGGER = "OMAudit";

    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);
    private static final List<String> PATH_FIELDS = List.of("volume", "bucket", "name", "key");
    private static final List<String> NESTED_FIELDS = List.of("volume", "bucket", "key");

    private OmAudit() {}

    /**
     * Logs one request.
     *
     * @param user who acted ({@code anonymous} for anonymous callers, the access key for refused ones)
     * @param operation the call, e.g. {@code CreateKey}
     * @param resource what it was about ({@link #resourceOf})
     * @param result {@code SUCCESS} or the refusal's status
     * @param client the caller's address
     */
    public static void log(String user, String operation, String resource, String result, String client) {
        log(user, operation, resource, result, client, true);
    }

    /**
     * Logs one request; a successful read only at DEBUG.
     *
     * @param write whether the request changes state (a write); reads that succeed are logged at DEBUG
     */
    public static void log(
            String user, String operation, String resource, String result, String client, boolean write) {
        if (!write && result.equals("SUCCESS")) {
            if (LOG.isDebugEnabled()) {
                LOG.debug(
                        "user={} | op={} | resource={} | result={} | client={}",
                        user.isEmpty() ? "-" : user,
                        operation,
                        resource.isEmpty() ? "-" : resource,
                        result,
                        client);
            }
            return;
        }
        if (LOG.isInfoEnabled()) {
            LOG.info(
                    "user={} | op={} | resource={} | result={} | client={}",
                    user.isEmpty() ? "-" : user,
                    operation,
                    resource.isEmpty() ? "-" : resource,
                    result,
                    client);
        }
    }

    /**
     * Whether {@link #log} would write a line for this outcome: lets a caller skip building the resource of a
     * successful read, which is not logged unless the logger is at DEBUG.
     */
    public static boolean logs(String result, boolean write) {
        return (write || !result.equals("SUCCESS")) ? LOG.isInfoEnabled() : LOG.isDebugEnabled();
    }

    /**
     * What a request is about: its volume, bucket and key names as a path ({@code /vol1/bucket1/key1}), read from
     * the request's own fields or those of its volume/bucket/key message, or {@code user:NAME} for a secret request.
     */
    public static String resourceOf(Object request) {
        if (!(request instanceof Message message)) {
            return "";
        }
        Message target = message;
        for (String name : NESTED_FIELDS) {
            FieldDescriptor field = message.getDescriptorForType().findFieldByName(name);
            if (field != null && field.getJavaType() == FieldDescriptor.JavaType.MESSAGE && !field.isRepeated()) {
                target = (Message) message.getField(field);
                break;
            }
        }
        List<String> parts = new ArrayList<>();
        for (String name : PATH_FIELDS) {
            FieldDescriptor field = target.getDescriptorForType().findFieldByName(name);
            if (field != null && field.getJavaType() == FieldDescriptor.JavaType.STRING && !field.isRepeated()) {
                String value = (String) target.getField(field);
                if (!value.isEmpty()) {
                    parts.add(value);
                }
            }
        }
        if (!parts.isEmpty()) {
            return "/" + String.join("/", parts);
        }
        FieldDescriptor user = target.getDescriptorForType().findFieldByName("user");
        if (user != null && user.getJavaType() == FieldDescriptor.JavaType.STRING) {
            return "user:" + target.getField(user);
        }
        return "";
    }
}
