package dev.o3.client.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.o3.client.cli.JsonOutput;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.scm.DatanodeInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code ozone admin datanode cache status|enable|disable|shadow HOST}: a datanode's SSD read cache. SCM names the
 * datanode's HTTP port; the command then talks to the datanode's {@code /cache} resource directly, so the answer is
 * current (not a heartbeat old) and a mode change takes effect at once.
 */
@Command(
        name = "cache",
        mixinStandardHelpOptions = true,
        description = "Show or switch a datanode's SSD read cache.",
        subcommands = {
            CacheCommands.Status.class,
            CacheCommands.Enable.class,
            CacheCommands.Disable.class,
            CacheCommands.Shadow.class
        })
final class CacheCommands {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private CacheCommands() {}

    /** A command on one datanode's cache. */
    abstract static class OnDatanode extends AdminSubcommand {
        @Parameters(paramLabel = "HOST", description = "Datanode host name, IP address or UUID.")
        private String host;

        /** The mode to switch to, or null to only show the status. */
        abstract String mode();

        @Override
        final void run(ScmAdminClient scm, PrintWriter out, boolean json) throws IOException {
            DatanodeDetails datanode = find(scm, host);
            JsonNode status = request(datanode, mode());
            if (json) {
                JsonOutput.print(out, status);
                return;
            }
            out.printf(
                    "%s (%s): SSD read cache %s%n",
                    datanode.getHostName(),
                    datanode.getUuid(),
                    status.path("mode").asText());
            for (Map.Entry<String, JsonNode> field : status.properties()) {
                if (!field.getKey().equals("mode")) {
                    out.printf("  %-16s %s%n", field.getKey(), field.getValue().asText());
                }
            }
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true, description = "Show the cache's mode and counters.")
    static final class Status extends OnDatanode {
        @Override
        String mode() {
            return null;
        }
    }

    @Command(
            name = "enable",
            mixinStandardHelpOptions = true,
            description = "Serve hot pages from the cache (also after the cache device failed, once it works again).")
    static final class Enable extends OnDatanode {
        @Override
        String mode() {
            return "enabled";
        }
    }

    @Command(
            name = "disable",
            mixinStandardHelpOptions = true,
            description = "Serve every read from the volumes and drop the cached pages.")
    static final class Disable extends OnDatanode {
        @Override
        String mode() {
            return "disabled";
        }
    }

    @Command(
            name = "shadow",
            mixinStandardHelpOptions = true,
            description = "Count what the cache would serve without writing to the cache device; drops cached pages.")
    static final class Shadow extends OnDatanode {
        @Override
        String mode() {
            return "shadow";
        }
    }

    private static DatanodeDetails find(ScmAdminClient scm, String id) throws IOException {
        return scm.datanodes().stream()
                .map(DatanodeInfo::getDatanode)
                .filter(node ->
                        id.equals(node.getUuid()) || id.equals(node.getHostName()) || id.equals(node.getIpAddress()))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no datanode " + id + " is known to SCM"));
    }

    private static JsonNode request(DatanodeDetails datanode, String mode) throws IOException {
        if (datanode.getHttpPort() == 0) {
            throw new IOException("SCM knows no HTTP port of datanode " + datanode.getHostName());
        }
        String host = datanode.getIpAddress().isEmpty() ? datanode.getHostName() : datanode.getIpAddress();
        URI uri = URI.create(
                "http://" + host + ":" + datanode.getHttpPort() + "/cache" + (mode == null ? "" : "?mode=" + mode));
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT);
        request = mode == null ? request.GET() : request.POST(HttpRequest.BodyPublishers.noBody());
        HttpResponse<String> response;
        try {
            response = HttpClient.newBuilder()
                    .connectTimeout(TIMEOUT)
                    .build()
                    .send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while calling " + uri, e);
        }
        JsonNode body;
        try {
            body = JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IOException(uri + " answered " + response.statusCode() + " without JSON", e);
        }
        if (response.statusCode() != 200) {
            throw new IOException(
                    datanode.getHostName() + ": " + body.path("error").asText(response.body()));
        }
        return body;
    }
}
