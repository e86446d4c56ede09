package dev.o3.datanode.heartbeat;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.common.concurrent.Threads;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.proto.hdds.DatanodeDetails;
import dev.o3.proto.hdds.ProtocolVersion;
import dev.o3.proto.hdds.SecretKeyProto;
import dev.o3.proto.scm.CommandStatus;
import dev.o3.proto.scm.HeartbeatRequest;
import dev.o3.proto.scm.HeartbeatResponse;
import dev.o3.proto.scm.RegisterRequest;
import dev.o3.proto.scm.RegisterResponse;
import dev.o3.proto.scm.ScmCommand;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers the datanode with SCM and heartbeats every {@code hdds.heartbeat.interval} with full reports; runs the
 * commands of each response and returns their status with the next heartbeat; registers again when SCM asks.
 *
 * <p>Threading: one scheduler thread (owned here) does all SCM traffic and command execution, so commands run in
 * the order SCM sent them. {@link #heartbeatNow()} runs a heartbeat on that thread and waits for it.
 */
public final class HeartbeatService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HeartbeatService.class);

    private final String logPrefix;
    private final Supplier<DatanodeDetails> datanode;
    private final ReportBuilder reports;
    private final CommandHandler commands;
    private final ScmClient scm;
    private final Duration interval;
    private final ScheduledExecutorService executor;
    private final Consumer<List<SecretKeyProto>> secretKeys;

    @GuardedBy("this")
    private final List<CommandStatus> statuses = new ArrayList<>();

    private volatile boolean registered;
    private volatile String networkLocation = "";

    public HeartbeatService(
            String logPrefix,
            Supplier<DatanodeDetails> datanode,
            ReportBuilder reports,
            CommandHandler commands,
            HostAndPort scmAddress,
            Duration interval,
            GrpcConfig grpc,
            Consumer<List<SecretKeyProto>> secretKeys) {
        this.logPrefix = logPrefix;
        this.secretKeys = secretKeys;
        this.datanode = datanode;
        this.reports = reports;
        Duration timeout = interval.compareTo(Duration.ofSeconds(10)) > 0 ? interval : Duration.ofSeconds(10);
        this.commands = commands;
        this.scm = new ScmClient(scmAddress, timeout, grpc);
        this.interval = interval;
        this.executor =
                Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed(logPrefix + "-heartbeat"));
    }

    /** Starts the periodic heartbeat; the first one registers. */
    public void start() {
        var unused = executor.scheduleWithFixedDelay(this::beatSafely, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Runs one heartbeat now (registering first if needed) and waits for it and its commands.
     *
     * @throws IllegalStateException when SCM cannot be reached
     */
    public void heartbeatNow() {
        Future<?> beat = executor.submit(this::beat);
        try {
            beat.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("[" + logPrefix + "] heartbeat failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("[" + logPrefix + "] interrupted while heartbeating", e);
        }
    }

    /** Rack SCM assigned at registration; empty before. */
    public String networkLocation() {
        return networkLocation;
    }

    @Override
    public void close() {
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.warn("[{}] heartbeat thread did not stop", logPrefix);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        scm.close();
    }

    private void beatSafely() {
        try {
            beat();
        } catch (StatusRuntimeException e) {
            LOG.warn("[{}] SCM unreachable: {}", logPrefix, e.getStatus());
        } catch (RuntimeException e) {
            LOG.error("[{}] heartbeat failed", logPrefix, e);
        }
    }

    private void beat() {
        if (!registered) {
            register();
        }
        List<CommandStatus> sent = drainStatuses();
        HeartbeatRequest request = HeartbeatRequest.newBuilder()
                .setDatanodeUuid(datanode.get().getUuid())
                .setNodeReport(reports.nodeReport())
                .addAllContainers(reports.containerReports())
                .setFullContainerReport(true)
                .addAllPipelines(reports.pipelineReports())
                .addAllCommandStatus(sent)
                .build();
        HeartbeatResponse response;
        try {
            response = scm.heartbeat(request);
        } catch (RuntimeException e) {
            synchronized (this) {
                statuses.addAll(0, sent); // SCM did not get them: send them again next time
            }
            throw e;
        }
        secretKeys.accept(response.getSecretKeysList());
        if (response.getReregister()) {
            LOG.info("[{}] SCM asks to register again", logPrefix);
            registered = false;
            register();
        }
        for (ScmCommand command : response.getCommandsList()) {
            commands.run(command, this::addStatus).ifPresent(this::addStatus);
        }
    }

    private void register() {
        RegisterResponse response = scm.register(RegisterRequest.newBuilder()
                .setVersion(ProtocolVersion.PROTOCOL_VERSION_1)
                .setDatanode(datanode.get())
                .setNodeReport(reports.nodeReport())
                .addAllContainers(reports.containerReports())
                .addAllPipelines(reports.pipelineReports())
                .build());
        networkLocation = response.getNetworkLocation();
        secretKeys.accept(response.getSecretKeysList());
        registered = true;
        LOG.info(
                "[{}] registered with SCM {} (cluster {}, rack '{}')",
                logPrefix,
                response.getScmId(),
                response.getClusterId(),
                networkLocation);
    }

    private synchronized void addStatus(CommandStatus status) {
        statuses.add(status);
    }

    private synchronized List<CommandStatus> drainStatuses() {
        List<CommandStatus> drained = List.copyOf(statuses);
        statuses.clear();
        return drained;
    }
}
