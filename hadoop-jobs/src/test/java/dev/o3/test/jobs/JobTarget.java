package dev.o3.test.jobs;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Where a job runs: a file system of the cluster, set as the default one in {@code conf}, and the directory under
 * which jobs write.
 *
 * @param name {@code ofs} or {@code s3a}
 * @param conf a local-mode MapReduce configuration with this file system as {@code fs.defaultFS}
 * @param root the directory jobs write under (a bucket)
 */
record JobTarget(String name, Configuration conf, Path root) {
    /** {@code relative} under the root. */
    Path path(String relative) {
        return new Path(root, relative);
    }

    @Override
    public String toString() {
        return name;
    }
}
