package dev.o3.dist;

import dev.o3.client.cli.ConfigOptions;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.hadoopfs.RootedOzoneFileSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FsShell;
import org.apache.hadoop.util.ToolRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code ozone fs}: Hadoop's FsShell with {@code ofs://} registered, e.g. {@code ozone fs -ls ofs://om:9862/vol/b}.
 * A path without an authority ({@code ofs:///vol/b}) goes to the configured OM (the site file, or the running
 * {@code ozone local}). Every argument goes to FsShell, which prints its own usage with {@code -help}.
 */
@Command(
        name = "fs",
        description = "Hadoop FsShell over ofs://volume/bucket/path (-ls, -mkdir -p, -put, -get, -mv, -rm -r, -count"
                + ", -du ...); `ozone fs -help` lists FsShell's commands.")
final class FsCommand implements Callable<Integer> {
    @Parameters(paramLabel = "ARG", description = "FsShell's arguments.")
    private List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Configuration conf = new Configuration();
        conf.set("fs." + RootedOzoneFileSystem.SCHEME + ".impl", RootedOzoneFileSystem.class.getName());
        // The O3 client settings of the site file and the running `ozone local` (OM addresses, TLS trust).
        OzoneConfiguration ozone = new ConfigOptions().load();
        ozone.explicitValues().forEach(conf::setIfUnset);
        conf.setIfUnset(RootedOzoneFileSystem.OM_ADDRESS_KEY, String.join(",", ozone.get(CommonConfigKeys.OM_ADDRESS)));
        FsShell shell = new FsShell(conf);
        try {
            return ToolRunner.run(conf, shell, args.toArray(new String[0])) == 0 ? 0 : 1;
        } finally {
            shell.close();
        }
    }
}
