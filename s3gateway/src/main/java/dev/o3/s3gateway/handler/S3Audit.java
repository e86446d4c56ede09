package dev.o3.s3gateway.handler;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one line per S3 request to the SLF4J logger {@code S3GAudit}, which dist's logback configuration sends to
 * its own file ({@code s3g-audit.log}): {@code user=alice | op=PutObject | resource=/bucket1/key1 | result=SUCCESS
 * | client=127.0.0.1:51234}; a refused request shows its S3 error code ({@code result=AccessDenied}), and {@code
 * user=-} when its signature did not verify. Stateless; thread-safe.
 */
public final class S3Audit {
    /** The logger name, as in Apache Ozone. */
    public static final String LOGGER = "S3GAudit";

    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

    private S3Audit() {}

    /**
     * Logs one request.
     *
     * @param user who made it ({@code anonymous} when unsigned, {@code -} when authentication failed before)
     * @param operation the S3 API name
     * @param resource the bucket and key
     * @param errorCode the S3 error code, or null on success
     * @param client the caller's address
     */
    public static void log(String user, String operation, String resource, String errorCode, String client) {
        if (LOG.isInfoEnabled()) {
            LOG.info(
                    "user={} | op={} | resource={} | result={} | client={}",
                    user,
                    operation,
                    resource,
                    errorCode == null ? "SUCCESS" : errorCode,
                    client);
        }
    }
}
