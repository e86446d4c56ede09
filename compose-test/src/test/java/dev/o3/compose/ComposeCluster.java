package dev.o3.compose;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.HealthState;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Ports;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.ContainerState;
import org.testcontainers.containers.DockerComposeContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.lifecycle.Startable;

/**
 * The cluster of {@code docker-compose.yaml} under Testcontainers (the local {@code docker-compose}), without
 * Prometheus (whose image comes from a registry). Every published port goes to a free port on 127.0.0.1, so the
 * suite runs beside clusters on the default ports; ports are looked up again after a container restarts.
 */
final class ComposeCluster implements Startable {
    static final List<String> SCM = List.of("scm");
    static final List<String> OMS = List.of("om1", "om2", "om3");
    static final List<String> DATANODES = List.of("dn1", "dn2", "dn3", "dn4", "dn5", "dn6");
    static final List<String> GATEWAYS = List.of("s3g1", "s3g2");
    /** Twelve JVMs start together: on a loaded two-core machine that takes minutes. */
    static final Duration STARTUP = Duration.ofMinutes(12);

    private static final Duration POLL = Duration.ofMillis(500);
    private static final List<String> PORT_VARIABLES = List.of(
            "O3_S3_PORT",
            "O3_S3_PORT2",
            "O3_SCM_HTTP_PORT",
            "O3_OM_HTTP_PORT",
            "O3_S3_METRICS_PORT",
            "O3_PROMETHEUS_PORT");

    private final DockerComposeContainer<?> compose;
    private final DockerClient docker = DockerClientFactory.instance().client();
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** The cluster of {@code composeFile}; {@link #start()} returns once every service's health check passes. */
    ComposeCluster(File composeFile) {
        Map<String, String> env = new LinkedHashMap<>();
        PORT_VARIABLES.forEach(variable -> env.put(variable, "0"));
        this.compose = new DockerComposeContainer<>("o3compose", List.of(composeFile))
                .withPull(false)
                .withEnv(env)
                .withServices(all().toArray(String[]::new))
                .withStartupTimeout(STARTUP);
        for (String service : all()) {
            compose.waitingFor(service, Wait.forHealthcheck().withStartupTimeout(STARTUP));
        }
    }

    /** Starts the services; a cluster that does not come up is removed before the failure propagates. */
    @Override
    public void start() {
        try {
            compose.start();
        } catch (RuntimeException e) {
            compose.stop();
            throw e;
        }
    }

    static List<String> all() {
        List<String> services = new ArrayList<>(SCM);
        services.addAll(OMS);
        services.addAll(DATANODES);
        services.addAll(GATEWAYS);
        return services;
    }

    /** The S3 endpoint of {@code gateway} (s3g1 or s3g2) as published on this host. */
    URI s3Endpoint(String gateway) {
        return URI.create("http://127.0.0.1:" + hostPort(gateway, 9878));
    }

    /** SCM's {@code /status} document. */
    String scmStatus() {
        URI uri = URI.create("http://127.0.0.1:" + hostPort("scm", 9876) + "/status");
        try {
            HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Runs {@code command} in the container of {@code service}; fails unless it exits with 0. */
    String exec(String service, String... command) {
        ExecResult result = execResult(service, command);
        if (result.getExitCode() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " in " + service + " exited with "
                    + result.getExitCode() + ": " + result.getStderr() + result.getStdout());
        }
        return result.getStdout();
    }

    /** Runs {@code command} in the container of {@code service}, as user o3, whatever its exit code. */
    ExecResult execResult(String service, String... command) {
        try {
            return container(service).execInContainer(command);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** SIGKILL to the container of {@code service}; its restart policy leaves a killed container stopped. */
    void kill(String service) {
        docker.killContainerCmd(containerId(service)).exec();
        await(() -> !inspect(service).getState().getRunning(), Duration.ofMinutes(1), service + " stopped");
    }

    /** Stops the containers of {@code services} (SIGTERM, then SIGKILL after 30 s), in this order. */
    void stop(List<String> services) {
        for (String service : services) {
            docker.stopContainerCmd(containerId(service)).withTimeout(30).exec();
        }
    }

    /** Starts the stopped containers of {@code services} and waits until every one reports healthy. */
    void startAndAwaitHealthy(List<String> services) {
        for (String service : services) {
            docker.startContainerCmd(containerId(service)).exec();
        }
        for (String service : services) {
            await(() -> isHealthy(service), STARTUP, service + " healthy");
        }
    }

    boolean isRunning(String service) {
        return Boolean.TRUE.equals(inspect(service).getState().getRunning());
    }

    private boolean isHealthy(String service) {
        HealthState health = inspect(service).getState().getHealth();
        return health != null && "healthy".equals(health.getStatus());
    }

    /** Polls {@code condition} until it holds; fails naming {@code what} after {@code timeout}. */
    static void await(BooleanSupplier condition, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("not " + what + " within " + timeout);
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    private int hostPort(String service, int containerPort) {
        Ports.Binding[] bindings =
                inspect(service).getNetworkSettings().getPorts().getBindings().get(ExposedPort.tcp(containerPort));
        if (bindings == null || bindings.length == 0) {
            throw new IllegalStateException(service + " publishes no port for " + containerPort);
        }
        return Integer.parseInt(bindings[0].getHostPortSpec());
    }

    private InspectContainerResponse inspect(String service) {
        return docker.inspectContainerCmd(containerId(service)).exec();
    }

    private String containerId(String service) {
        return container(service).getContainerId();
    }

    private ContainerState container(String service) {
        return compose.getContainerByServiceName(service)
                .orElseThrow(() -> new IllegalStateException("no container for service " + service));
    }

    /** Removes the containers, their network and volumes. */
    @Override
    public void stop() {
        compose.stop();
    }
}
