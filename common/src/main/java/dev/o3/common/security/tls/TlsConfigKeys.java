package dev.o3.common.security.tls;

import dev.o3.common.config.ConfigGroup;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.config.ConfigType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Keys of transport security: TLS on gRPC and Ratis, the cluster CA and service certificates. */
public final class TlsConfigKeys implements ConfigGroup {
    public static final ConfigKey<Boolean> TLS_ENABLED = ConfigKey.of(
            "hdds.grpc.tls.enabled",
            ConfigType.BOOLEAN,
            "false",
            "Every gRPC and Ratis channel uses TLS. Services (OM, datanodes, S3 gateway) get a certificate from SCM's "
                    + "CA and authenticate each other with it (mutual TLS); clients check the servers' certificates "
                    + "against hdds.grpc.tls.ca.file. Set on every node and client alike.");
    public static final ConfigKey<String> PROVIDER = ConfigKey.of(
            "hdds.grpc.tls.provider",
            ConfigType.oneOf("openssl", "jdk"),
            "OPENSSL",
            "TLS engine of every gRPC, Ratis and replication channel: OPENSSL (BoringSSL through netty-tcnative, "
                    + "shipped for Linux x86-64; elsewhere the JDK's engine is used and the log says so once) or JDK "
                    + "(the JDK's own engine). Same protocols, cipher suites and "
                    + "certificate checks either way.");
    public static final ConfigKey<Path> CA_FILE = ConfigKey.optional(
            "hdds.grpc.tls.ca.file",
            ConfigType.PATH,
            "PEM file of the cluster CA certificate that clients (ozone sh, ozone admin, freon, ofs://) trust when TLS "
                    + "is on. SCM writes it as <SCM metadata dir>/ca/ca.crt; ozone local writes it beside "
                    + "ozone-local.xml and sets this key there. Services fetch the CA from SCM instead.");
    public static final ConfigKey<String> BOOTSTRAP_SECRET = ConfigKey.optional(
            "hdds.security.bootstrap.secret",
            ConfigType.STRING,
            "Secret shared by SCM and every OM, datanode and S3 gateway (not by clients): a service proves it knows "
                    + "it to get a certificate, and SCM proves it back so the service trusts the right CA. It never "
                    + "crosses the wire. Required when TLS is on.");
    public static final ConfigKey<Duration> CERTIFICATE_DURATION = ConfigKey.of(
            "hdds.x509.default.duration",
            ConfigType.DURATION_TYPE,
            "365d",
            "Lifetime of a service certificate SCM issues.");
    public static final ConfigKey<Duration> RENEW_GRACE = ConfigKey.of(
            "hdds.x509.renew.grace.duration",
            ConfigType.DURATION_TYPE,
            "28d",
            "A service renews its certificate this long before it expires, without a restart: new connections use "
                    + "the new certificate at once. Shorter than hdds.x509.default.duration.");
    public static final ConfigKey<Duration> RENEW_CHECK_INTERVAL = ConfigKey.of(
            "hdds.x509.renew.check.interval",
            ConfigType.DURATION_TYPE,
            "1h",
            "How often a service checks whether its certificate is inside the renewal window.");
    public static final ConfigKey<String> HTTP_POLICY = ConfigKey.of(
            "ozone.http.policy",
            ConfigType.STRING,
            "HTTP_ONLY",
            "HTTP_ONLY, or HTTPS_ONLY: the status pages of SCM, OM and datanodes and the S3 gateway's port serve "
                    + "HTTPS, with ozone.https.certificate.file and ozone.https.key.file when set, else with the "
                    + "service's certificate from the cluster CA (needs hdds.grpc.tls.enabled).");
    public static final ConfigKey<Path> HTTPS_CERTIFICATE_FILE = ConfigKey.optional(
            "ozone.https.certificate.file",
            ConfigType.PATH,
            "PEM certificate chain (the server's first) that HTTPS servers present instead of the CA-issued one, "
                    + "e.g. from a CA that S3 clients already trust.");
    public static final ConfigKey<Path> HTTPS_KEY_FILE = ConfigKey.optional(
            "ozone.https.key.file", ConfigType.PATH, "PKCS#8 PEM private key of ozone.https.certificate.file.");
    public static final ConfigKey<Duration> CA_DURATION = ConfigKey.of(
            "hdds.x509.max.duration",
            ConfigType.DURATION_TYPE,
            "1865d",
            "Lifetime of the root CA certificate SCM creates on its first start; no certificate outlives it.");

    @Override
    public String title() {
        return "TLS and certificates";
    }

    @Override
    public int order() {
        return 6;
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(
                TLS_ENABLED,
                PROVIDER,
                CA_FILE,
                BOOTSTRAP_SECRET,
                CERTIFICATE_DURATION,
                RENEW_GRACE,
                RENEW_CHECK_INTERVAL,
                CA_DURATION,
                HTTP_POLICY,
                HTTPS_CERTIFICATE_FILE,
                HTTPS_KEY_FILE);
    }
}
