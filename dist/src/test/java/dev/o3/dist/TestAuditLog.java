package dev.o3.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.o3.client.api.OzoneClient;
import dev.o3.client.om.OmException;
import dev.o3.minicluster.MiniO3Cluster;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.ServiceInfoRequest;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.StatusRuntimeException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The audit loggers of a secure cluster, through dist's logback: one OMAudit line per OM request and per refused
 * call, one S3GAudit line per S3 request, each naming the authenticated user, the operation, the resource, the result
 * and the client's address.
 */
class TestAuditLog {
    @TempDir
    Path directory;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void everyRequestIsAuditedWithItsAuthenticatedUser() throws Exception {
        ListAppender<ILoggingEvent> om = capture("OMAudit");
        ListAppender<ILoggingEvent> s3 = capture("S3GAudit");
        try (MiniO3Cluster cluster = MiniO3Cluster.builder(directory)
                .numDatanodes(1)
                .withS3Gateway()
                .secure()
                .build()
                .newCluster()
                .start()) {
            cluster.waitForOmLeader(Duration.ofSeconds(60));
            String admin = cluster.adminCredential().accessKeyId();
            try (OzoneClient client = cluster.newClient(admin)) {
                client.objectStore().createVolume("audited", Optional.empty());
            }
            try (OzoneClient alice = cluster.newClient("alice")) {
                assertThatThrownBy(() -> alice.objectStore().getS3Secret(admin)).isInstanceOf(OmException.class);
            }
            String omAddress = cluster.clientConfiguration().explicitValues().get("ozone.om.address");
            ManagedChannel channel =
                    ManagedChannelBuilder.forTarget(omAddress).usePlaintext().build();
            try {
                assertThatThrownBy(() -> OzoneManagerServiceGrpc.newBlockingStub(channel)
                                .serviceInfo(ServiceInfoRequest.getDefaultInstance()))
                        .isInstanceOf(StatusRuntimeException.class);
            } finally {
                channel.shutdownNow();
            }
            int port = cluster.gateway().orElseThrow().port();
            HttpResponse<String> listing = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/audited-bucket"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(listing.statusCode()).isBetween(400, 499);

            assertThat(lines(om))
                    .anyMatch(line -> line.startsWith("user=" + admin + " | op=CreateVolume | resource=/audited |"
                            + " result=SUCCESS | client=127.0.0.1:"))
                    .anyMatch(line -> line.startsWith(
                            "user=alice | op=GetS3Secret | resource=user:" + admin + " | result=PERMISSION_DENIED"))
                    .anyMatch(line -> line.startsWith("user=- | op=ServiceInfo | resource=- | result=UNAUTHENTICATED"));
            // The gateway writes its audit line after the response has gone out: wait for it.
            Predicate<String> s3Line = line -> line.matches("user=anonymous \\| op=ListObjects\\w* \\|"
                    + " resource=/audited-bucket \\| result=(NoSuchBucket|AccessDenied) \\|"
                    + " client=127\\.0\\.0\\.1:\\d+");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (lines(s3).stream().noneMatch(s3Line) && System.nanoTime() < deadline) {
                LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
            }
            assertThat(lines(s3)).anyMatch(s3Line);
        } finally {
            release("OMAudit", om);
            release("S3GAudit", s3);
        }
    }

    private static ListAppender<ILoggingEvent> capture(String name) {
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        ((Logger) LoggerFactory.getLogger(name)).addAppender(appender);
        return appender;
    }

    private static void release(String name, ListAppender<ILoggingEvent> appender) {
        ((Logger) LoggerFactory.getLogger(name)).detachAppender(appender);
        appender.stop();
    }

    private static List<String> lines(ListAppender<ILoggingEvent> appender) {
        synchronized (appender) {
            return appender.list.stream()
                    .map(ILoggingEvent::getFormattedMessage)
                    .toList();
        }
    }
}
