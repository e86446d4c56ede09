package dev.o3.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Cuts the traffic between two daemons in both directions: each goes into a cgroup of its own, and iptables drops
 * what a cgroup's processes send to the other daemon's address on the campaign's ports. Loopback traffic of other
 * processes is untouched. Needs root, iptables and a cgroup v2 hierarchy.
 */
final class NetworkPartition {
    private final Optional<Path> cgroupRoot;
    private final String ports;

    NetworkPartition(String ports) {
        this.ports = ports;
        this.cgroupRoot = cgroup2Root();
    }

    /** Why partitions cannot be made here, if they cannot. */
    Optional<String> unavailable() throws InterruptedException {
        if (cgroupRoot.isEmpty()) {
            return Optional.of("no cgroup v2 hierarchy in /proc/mounts");
        }
        return Shell.run("iptables", "-w", "-L", "OUTPUT", "-n");
    }

    /** Cuts {@code a} from {@code b}; {@link #heal} undoes it. */
    void cut(Daemon a, String hostA, Daemon b, String hostB) throws IOException, InterruptedException {
        move(a, group(a));
        move(b, group(b));
        Shell.check(rule("-I", a, hostB));
        Shell.check(rule("-I", b, hostA));
    }

    void heal(Daemon a, String hostA, Daemon b, String hostB) throws IOException, InterruptedException {
        Shell.run(rule("-D", a, hostB));
        Shell.run(rule("-D", b, hostA));
        for (Daemon daemon : List.of(a, b)) {
            if (daemon.isAlive()) {
                Files.writeString(cgroupRoot.orElseThrow().resolve("cgroup.procs"), Long.toString(daemon.pid()));
            }
            Files.deleteIfExists(cgroupRoot.orElseThrow().resolve(group(daemon)));
        }
    }

    private String[] rule(String action, Daemon from, String toHost) {
        return new String[] {
            "iptables",
            "-w",
            action,
            "OUTPUT",
            "-m",
            "cgroup",
            "--path",
            group(from),
            "-d",
            toHost,
            "-p",
            "tcp",
            "--dport",
            ports,
            "-j",
            "DROP"
        };
    }

    private void move(Daemon daemon, String group) throws IOException {
        Path directory = Files.createDirectories(cgroupRoot.orElseThrow().resolve(group));
        Files.writeString(directory.resolve("cgroup.procs"), Long.toString(daemon.pid()));
    }

    /** A cgroup per daemon and campaign: campaigns on other ports may partition a daemon of the same name. */
    private String group(Daemon daemon) {
        return "o3faults-" + ports.replace(':', '-') + "-" + daemon.name();
    }

    private static Optional<Path> cgroup2Root() {
        try {
            return Files.readAllLines(Path.of("/proc/mounts")).stream()
                    .map(line -> java.util.regex.Pattern.compile(" ")
                            .splitAsStream(line)
                            .toList())
                    .filter(fields -> fields.size() > 2 && fields.get(2).equals("cgroup2"))
                    .map(fields -> Path.of(fields.get(1)))
                    .findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
