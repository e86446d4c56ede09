package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.cluster;

import dev.o3.proto.hdds.DatanodeDetails;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** Counters the suite's servers export on their {@code /prom} endpoints. */
final class PromMetrics {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private PromMetrics() {}

    /** LookupKey calls answered by every OM so far. */
    static double omLookups() throws IOException, InterruptedException {
        double total = 0;
        for (var om : cluster().oms()) {
            total += sum("127.0.0.1", om.httpPort(), "o3_om_requests_total{", "operation=\"LookupKey\"");
        }
        return total;
    }

    /** Read service requests of one command (GET_BLOCK, READ_CHUNK) answered by every datanode so far. */
    static double datanodeReads(String command) throws IOException, InterruptedException {
        double total = 0;
        for (int i = 0; i < cluster().datanodeCount(); i++) {
            total += datanodeReads(i, command);
        }
        return total;
    }

    /** Read service requests of one command answered by datanode {@code index} so far. */
    static double datanodeReads(int index, String command) throws IOException, InterruptedException {
        DatanodeDetails datanode = cluster().datanode(index).datanodeDetails();
        return sum(
                datanode.getIpAddress(),
                datanode.getHttpPort(),
                "o3_datanode_read_requests_total{",
                "command=\"" + command + "\"");
    }

    /**
     * A counter of datanode {@code index}, summed over its labels, named with the character that follows the name in
     * the exposition: an opening brace for one with labels, a space for one without.
     */
    static double datanodeCounter(int index, String metric) throws IOException, InterruptedException {
        DatanodeDetails datanode = cluster().datanode(index).datanodeDetails();
        return sum(datanode.getIpAddress(), datanode.getHttpPort(), metric, "");
    }

    /** {@link #datanodeCounter} summed over every datanode. */
    static double datanodeCounter(String metric) throws IOException, InterruptedException {
        double total = 0;
        for (int i = 0; i < cluster().datanodeCount(); i++) {
            total += datanodeCounter(i, metric);
        }
        return total;
    }

    /** A counter summed over every OM, named as for {@link #datanodeCounter}. */
    static double omCounter(String metric) throws IOException, InterruptedException {
        double total = 0;
        for (var om : cluster().oms()) {
            total += sum("127.0.0.1", om.httpPort(), metric, "");
        }
        return total;
    }

    /** A counter of SCM, named as for {@link #datanodeCounter}. */
    static double scmCounter(String metric) throws IOException, InterruptedException {
        return sum("127.0.0.1", cluster().scm().httpPort(), metric, "");
    }

    /** The whole {@code /prom} text of a server. */
    static String scrape(String host, int httpPort) throws IOException, InterruptedException {
        return HTTP.send(
                        HttpRequest.newBuilder(URI.create("http://" + host + ":" + httpPort + "/prom"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }

    /** The sum of the samples of a metric (named with its opening brace) whose labels contain {@code label}. */
    private static double sum(String host, int httpPort, String metric, String label)
            throws IOException, InterruptedException {
        String text = scrape(host, httpPort);
        double total = 0;
        for (String line : text.lines().toList()) {
            if (line.startsWith(metric) && line.contains(label)) {
                total += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return total;
    }
}
