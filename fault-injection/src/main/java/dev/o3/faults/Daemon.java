package dev.o3.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One {@code bin/ozone} daemon as an operating-system process: started with its {@code -D} configuration, killed with
 * SIGKILL, paused with SIGSTOP, and started again on the same directories. Its output goes to {@code <name>.log}
 * beside its directory, appended across restarts.
 */
final class Daemon {
    private final String name;
    private final String role;
    private final Path ozone;
    private final Path directory;
    private final Map<String, String> conf;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private Process process;
    private boolean paused;
    private boolean destroyed;

    Daemon(String name, String role, Path ozone, Path directory, Map<String, String> conf) {
        this.name = name;
        this.role = role;
        this.ozone = ozone;
        this.directory = directory;
        this.conf = new LinkedHashMap<>(conf);
    }

    String name() {
        return name;
    }

    String role() {
        return role;
    }

    Path directory() {
        return directory;
    }

    Path log() {
        return directory.resolveSibling(name + ".log");
    }

    String conf(String key) {
        return conf.get(key);
    }

    /** Environment for the next start (e.g. libfaketime's LD_PRELOAD and FAKETIME); empty map clears it. */
    synchronized void environment(Map<String, String> values) {
        environment.clear();
        environment.putAll(values);
    }

    synchronized void start() throws IOException {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException(name + " is already running");
        }
        if (destroyed) {
            throw new IllegalStateException(name + " belongs to a cluster being torn down");
        }
        Files.createDirectories(directory);
        List<String> command = new ArrayList<>(List.of("bash", ozone.toString(), role));
        conf.forEach((key, value) -> command.add("-D" + key + "=" + value));
        Files.writeString(
                log(),
                "==== start " + java.time.Instant.now() + " " + environment + "\n",
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()));
        builder.environment().put("OZONE_CONF_DIR", directory.toString());
        builder.environment().put("OZONE_HEAPSIZE", role.equals("datanode") ? "384m" : "320m");
        builder.environment().putAll(environment);
        process = builder.start();
        paused = false;
    }

    synchronized boolean isAlive() {
        return process != null && process.isAlive();
    }

    synchronized long pid() {
        if (process == null) {
            throw new IllegalStateException(name + " was never started");
        }
        return process.pid();
    }

    /** SIGKILL, then waits for the process to be gone. */
    synchronized void kill() throws InterruptedException {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException(name + " survived SIGKILL for 30 s");
        }
        paused = false;
    }

    synchronized void pause() throws IOException, InterruptedException {
        signal("STOP");
        paused = true;
    }

    synchronized void resume() throws IOException, InterruptedException {
        if (paused) {
            signal("CONT");
            paused = false;
        }
    }

    /**
     * SIGKILL (to the process and anything it started) without waiting, and no start after it: the JVM's shutdown or
     * a cluster torn down in a hurry (a fault may be restarting us).
     */
    synchronized void destroy() {
        destroyed = true;
        if (process != null) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** The end of a run: no start after this, and a paused daemon is continued and sent SIGTERM. */
    synchronized void terminate() throws IOException, InterruptedException {
        destroyed = true;
        if (process == null || !process.isAlive()) {
            return;
        }
        resume();
        process.destroy();
    }

    /** Waits until the process is gone; whether it is. */
    boolean awaitExit(long deadlineNanos) throws InterruptedException {
        Process current;
        synchronized (this) {
            current = process;
        }
        return current == null || current.waitFor(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    private void signal(String signal) throws IOException, InterruptedException {
        if (!isAlive()) {
            return;
        }
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                .redirectErrorStream(true)
                .start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new IOException("kill -" + signal + " " + name + " failed");
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
