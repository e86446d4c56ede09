package dev.o3.s3gateway.config;

import dev.o3.common.config.ConfigGroup;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.config.ConfigType;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.HostAndPort;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Keys of the S3 gateway (names as in Apache Ozone). */
public final class S3GatewayConfigKeys implements ConfigGroup {
    public static final ConfigKey<HostAndPort> HTTP_ADDRESS = ConfigKey.of(
            "ozone.s3g.http-address",
            ConfigType.address(9878),
            "0.0.0.0:9878",
            "Address the S3 REST endpoint listens on.");
    public static final ConfigKey<HostAndPort> WEBADMIN_HTTP_ADDRESS = ConfigKey.of(
            "ozone.s3g.webadmin.http-address",
            ConfigType.address(19878),
            "0.0.0.0:19878",
            "Address of the gateway's status server (/prom, /status).");
    public static final ConfigKey<List<String>> DOMAIN_NAMES = ConfigKey.optional(
            "ozone.s3g.domain.name",
            ConfigType.STRING_LIST,
            "Domain names for virtual-host-style addressing (bucket.domain); unset = path-style only.");
    public static final ConfigKey<Integer> OM_CHANNELS = ConfigKey.of(
            "ozone.s3g.om.channels",
            ConfigType.intRange(1, 64),
            "2",
            "Persistent gRPC channels from the gateway to the OM leader.");
    public static final ConfigKey<Duration> MAX_CLOCK_SKEW = ConfigKey.of(
            "ozone.s3g.max.clock.skew",
            ConfigType.DURATION_TYPE,
            "15m",
            "Requests signed further than this from the gateway's clock get RequestTimeTooSkewed.");
    public static final ConfigKey<Duration> SECRET_CACHE_TTL = ConfigKey.of(
            "ozone.s3g.secret.cache.ttl",
            ConfigType.DURATION_TYPE,
            "30s",
            "How long the gateway reuses an S3 secret read from the OM (a revoked secret keeps working that long);"
                    + " 0 = no cache.");
    public static final ConfigKey<Integer> WORKER_THREADS = ConfigKey.of(
            "ozone.s3g.worker.threads",
            ConfigType.intRange(1, 4096),
            "64",
            "Threads running S3 requests (they block on the OM and datanodes); Netty event loops only move bytes.");
    public static final ConfigKey<Integer> EVENT_LOOP_THREADS = ConfigKey.of(
            "ozone.s3g.event-loop.threads",
            ConfigType.intRange(0, 256),
            "0",
            "Netty event-loop threads of the S3 endpoint; 0 = twice the number of cores.");
    public static final ConfigKey<DataSize> REQUEST_BUFFER = ConfigKey.of(
            "ozone.s3g.request.buffer.size",
            ConfigType.DATA_SIZE,
            "1MB",
            "Request body bytes buffered per request before the gateway stops reading the socket (back-pressure).");
    public static final ConfigKey<Path> CREDENTIALS_FILE = ConfigKey.optional(
            "ozone.s3g.credentials.file",
            ConfigType.PATH,
            "Secure mode: the credential file (access_key_id / secret_access_key, as ozone login writes it) the"
                    + " gateway signs its calls to OM with; its user must be a trusted proxy (ozone.om.proxy.users or"
                    + " OM's own user). Default: the gateway's OS user's ~/.ozone/credentials.");
    public static final ConfigKey<DataSize> WRITE_BUFFER = ConfigKey.of(
            "ozone.s3g.write.buffer.max",
            ConfigType.DATA_SIZE,
            "64MB",
            "Most object data the gateway holds for all uploads together on their way to the datanodes (chunks"
                    + " being filled or not yet committed); uploads beyond it wait with their bodies unread. The"
                    + " gateway's client uses it as ozone.client.write.buffer.max. See docs/s3.md for the heap.");
    public static final ConfigKey<DataSize> READ_CACHE = ConfigKey.of(
            "ozone.s3g.read.cache.size",
            ConfigType.DATA_SIZE,
            "32MB",
            "Data of small objects' blocks (up to 64 KB each) the gateway keeps after uploading or reading them,"
                    + " so that a GET of such an object again asks OM for the key (which checks the caller's access"
                    + " and names its block) but no datanode. The gateway's client uses it as"
                    + " ozone.client.read.small-blocks.cache.size; 0 keeps none. See docs/s3.md for the heap.");
    public static final ConfigKey<Duration> BLOCK_ALLOCATION_TIMEOUT = ConfigKey.of(
            "ozone.s3g.block.allocation.timeout",
            ConfigType.DURATION_TYPE,
            "20s",
            "How long an upload waits for a new block while SCM has none to give (no open pipeline) before the"
                    + " gateway answers 503 ServiceUnavailable, which S3 clients retry with back-off; shorter than"
                    + " their read timeouts (60 s in the AWS CLI and SDKs). The gateway's client uses it as"
                    + " ozone.client.block.allocation.timeout.");
    public static final ConfigKey<Duration> IDLE_TIMEOUT = ConfigKey.of(
            "ozone.s3g.idle.timeout",
            ConfigType.DURATION_TYPE,
            "5m",
            "Keep-alive connections with no request in progress and no traffic for this long are closed.");
    public static final ConfigKey<Integer> LIST_MAX_KEYS = ConfigKey.of(
            "ozone.s3g.list.max.keys.limit",
            ConfigType.intRange(1, 100_000),
            "1000",
            "Largest page of ListObjects / ListObjectsV2 (max-keys is capped to it).");
    public static final ConfigKey<String> REGION = ConfigKey.of(
            "ozone.s3g.region",
            ConfigType.STRING,
            "us-east-1",
            "Region name the gateway reports (GetBucketLocation, x-amz-bucket-region); any signed region is accepted.");

    @Override
    public String title() {
        return "S3 gateway";
    }

    @Override
    public int order() {
        return 50;
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(
                HTTP_ADDRESS,
                WEBADMIN_HTTP_ADDRESS,
                CREDENTIALS_FILE,
                DOMAIN_NAMES,
                OM_CHANNELS,
                MAX_CLOCK_SKEW,
                SECRET_CACHE_TTL,
                WORKER_THREADS,
                EVENT_LOOP_THREADS,
                REQUEST_BUFFER,
                WRITE_BUFFER,
                READ_CACHE,
                BLOCK_ALLOCATION_TIMEOUT,
                IDLE_TIMEOUT,
                LIST_MAX_KEYS,
                REGION);
    }
}
