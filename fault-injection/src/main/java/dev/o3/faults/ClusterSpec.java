package dev.o3.faults;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Addresses, ports and configuration of the campaign's daemons. Every daemon listens on its own 127.0.0.x address
 * (SCM .40, OM i .4i, the gateway .44, datanode i .5i) and on ports {@code portBase} to {@code portBase + 99}, away
 * from the defaults of {@code ozone local} (9858-9890), so a campaign runs beside other clusters of this machine.
 * Timers are shortened as in the in-process test clusters, and the replication manager, container scanner and disk
 * checker run every few seconds, so the cluster repairs itself within a run.
 */
record ClusterSpec(Path distribution, Path directory, int portBase, int datanodes) {
    static final String SCM_HOST = "127.0.0.40";
    static final String GATEWAY_HOST = "127.0.0.44";
    static final int OMS = 3;

    static String omHost(int index) {
        return "127.0.0." + (41 + index);
    }

    static String datanodeHost(int index) {
        return "127.0.0." + (51 + index);
    }

    String scmClientAddress() {
        return SCM_HOST + ":" + portBase;
    }

    String omAddresses() {
        return IntStream.range(0, OMS)
                .mapToObj(i -> omHost(i) + ":" + (portBase + 10 + i))
                .collect(Collectors.joining(","));
    }

    int omHttpPort(int index) {
        return portBase + 30 + index;
    }

    String gatewayEndpoint() {
        return "http://" + GATEWAY_HOST + ":" + (portBase + 40);
    }

    /** The ports of this campaign, for firewall rules that must not touch other clusters. */
    String portRange() {
        return portBase + ":" + (portBase + 99);
    }

    Path datanodeDirectory(int index) {
        return directory.resolve("dn" + (index + 1));
    }

    /** The datanode's two data volumes: disk0 on the run's file system, disk1 possibly on a small tmpfs. */
    Path volume(int datanode, int volume) {
        return datanodeDirectory(datanode).resolve("disk" + volume);
    }

    List<Daemon> daemons() {
        Path ozone = distribution.resolve("bin/ozone");
        List<Daemon> daemons = new ArrayList<>();
        daemons.add(new Daemon("scm", "scm", ozone, directory.resolve("scm"), scm()));
        for (int i = 0; i < OMS; i++) {
            daemons.add(new Daemon("om" + (i + 1), "om", ozone, directory.resolve("om" + (i + 1)), om(i)));
        }
        for (int i = 0; i < datanodes; i++) {
            daemons.add(new Daemon("dn" + (i + 1), "datanode", ozone, datanodeDirectory(i), datanode(i)));
        }
        daemons.add(new Daemon("s3g", "s3g", ozone, directory.resolve("s3g"), gateway()));
        return daemons;
    }

    private Map<String, String> common(String name) {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put(
                "ozone.metadata.dirs",
                directory.resolve(name).resolve("metadata").toString());
        conf.put("ozone.scm.client.address", scmClientAddress());
        conf.put("ozone.scm.datanode.address", SCM_HOST + ":" + (portBase + 1));
        conf.put("ozone.scm.block.client.address", SCM_HOST + ":" + (portBase + 2));
        conf.put("ozone.om.address", omAddresses());
        // Small containers and blocks: containers fill and close within a run, so closed-container repair is tested.
        conf.put("ozone.scm.container.size", "64MB");
        conf.put("ozone.scm.block.size", "16MB");
        return conf;
    }

    private Map<String, String> scm() {
        Map<String, String> conf = common("scm");
        conf.put("ozone.scm.http-address", SCM_HOST + ":" + (portBase + 3));
        conf.put("ozone.scm.pipeline.creation.interval", "1s");
        conf.put("ozone.scm.datanode.pipeline.limit", "2");
        conf.put("ozone.scm.stale.node.interval", "6s");
        conf.put("ozone.scm.dead.node.interval", "15s");
        conf.put("ozone.scm.heartbeat.thread.interval", "500ms");
        conf.put("hdds.scm.replication.thread.interval", "3s");
        conf.put("hdds.scm.wait.time.after.safemode.exit", "5s");
        return conf;
    }

    private Map<String, String> om(int index) {
        Map<String, String> conf = common("om" + (index + 1));
        conf.put("ozone.om.node.id", "om" + (index + 1));
        conf.put(
                "ozone.om.ratis.addresses",
                IntStream.range(0, OMS)
                        .mapToObj(i -> omHost(i) + ":" + (portBase + 20 + i))
                        .collect(Collectors.joining(",")));
        conf.put("ozone.om.http-address", omHost(index) + ":" + omHttpPort(index));
        // Not 1 s: with eleven processes starting on two cores, a first OM leader's heartbeats came late, a second
        // leader wrote index 0 in another term, and Ratis 3.3.0 then wedged one follower for good
        // (docs/reliability.md, bug 17).
        conf.put("ozone.om.leader.election.minimum.timeout.duration", "3s");
        conf.put("ozone.om.open.key.expire.threshold", "60s");
        conf.put("ozone.om.open.key.cleanup.service.interval", "10s");
        conf.put("ozone.om.multipart.min.part.size", "1MB");
        return conf;
    }

    private Map<String, String> datanode(int index) {
        String host = datanodeHost(index);
        Map<String, String> conf = common("dn" + (index + 1));
        conf.put(
                "hdds.datanode.dir",
                volume(index, 0).resolve("data") + "," + volume(index, 1).resolve("data"));
        conf.put(
                "dfs.container.ratis.datanode.storage.dir",
                datanodeDirectory(index).resolve("ratis").toString());
        conf.put("hdds.datanode.hostname", host);
        conf.put("dfs.container.ratis.ipc", Integer.toString(portBase + 50 + index));
        conf.put("dfs.container.ipc", Integer.toString(portBase + 60 + index));
        conf.put("hdds.datanode.replication.port", Integer.toString(portBase + 70 + index));
        conf.put("hdds.datanode.http-address", host + ":" + (portBase + 80 + index));
        conf.put("hdds.heartbeat.interval", "500ms");
        conf.put("hdds.ratis.leader.election.minimum.timeout.duration", "1s");
        conf.put("hdds.container.scrub.data.scan.interval", "10s");
        conf.put("hdds.datanode.periodic.disk.check.interval", "5s");
        // The 256 MB tmpfs volume must count as having room until the disk-full fault fills it.
        conf.put("hdds.datanode.volume.min.free.space", "16MB");
        return conf;
    }

    private Map<String, String> gateway() {
        Map<String, String> conf = common("s3g");
        conf.put("ozone.s3g.http-address", GATEWAY_HOST + ":" + (portBase + 40));
        conf.put("ozone.s3g.webadmin.http-address", GATEWAY_HOST + ":" + (portBase + 41));
        return conf;
    }
}
