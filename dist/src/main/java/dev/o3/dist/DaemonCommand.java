package dev.o3.dist;

import dev.o3.client.cli.ConfigOptions;
import dev.o3.common.concurrent.Threads;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.server.lifecycle.Daemon;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Runs one daemon in the foreground until the process is told to stop (Ctrl-C, SIGTERM), then closes it cleanly.
 */
@Command(mixinStandardHelpOptions = true)
final class DaemonCommand implements Callable<Integer> {
    private final Function<OzoneConfiguration, Daemon> factory;

    @Mixin
    private ConfigOptions config;

    @Spec
    private CommandSpec spec;

    DaemonCommand(Function<OzoneConfiguration, Daemon> factory) {
        this.factory = factory;
    }

    @Override
    public Integer call() throws InterruptedException {
        Daemon daemon = factory.apply(config.loadForServer());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(
                        Threads.daemonThreadsNamed(daemon.name() + "-shutdown").newThread(() -> {
                            daemon.close();
                            stopped.countDown();
                        }));
        daemon.start();
        spec.commandLine().getErr().println(daemon.name() + " is running; stop it with Ctrl-C.");
        stopped.await();
        return 0;
    }
}
