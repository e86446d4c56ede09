package dev.o3.test.yarn;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;

/**
 * Starts a MiniMRYarnCluster (a ResourceManager, one NodeManager, a JobHistoryServer) on ports of its choosing,
 * writes its configuration, with the addresses it bound, to the file its first argument names, and stops when its
 * standard input closes (when the process that started it exits, however it exits).
 *
 * <p>Arguments: {@code CONFIG_FILE [KEY=VALUE ...]}, the settings going into the cluster's configuration.
 */
public final class YarnClusterMain {
    private YarnClusterMain() {}

    /** Runs the cluster until standard input closes. */
    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            throw new IllegalArgumentException("usage: YarnClusterMain CONFIG_FILE [KEY=VALUE ...]");
        }
        Configuration conf = new Configuration();
        for (int i = 1; i < args.length; i++) {
            String[] setting = args[i].split("=", 2);
            conf.set(setting[0], setting[1]);
        }
        MiniMRYarnCluster cluster = new MiniMRYarnCluster("o3-jobs", 1);
        cluster.init(conf);
        cluster.start();
        try {
            Path file = Path.of(args[0]);
            Path partial = file.resolveSibling(file.getFileName() + ".partial");
            try (OutputStream out = Files.newOutputStream(partial)) {
                cluster.getConfig().writeXml(out);
            }
            // whole or absent: the starter polls for it
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
            while (System.in.read() != -1) {
                // nothing: only the end of input matters
            }
        } finally {
            cluster.stop();
        }
    }
}
