package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.client;
import static dev.o3.test.e2e.ClusterSuiteIT.cluster;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.client.api.ObjectStore;
import dev.o3.client.om.OmException;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.hadoopfs.RootedOzoneFileSystem;
import dev.o3.proto.om.OmStatus;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.InvalidPathException;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathIOException;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSupport;
import org.apache.hadoop.hdfs.protocol.QuotaExceededException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ofs://} hsync/hflush (durable and visible on return, also when the writer never closes), setTimes, the
 * streams' and file system's IOStatistics, paged listings and bad input, in an FSO and an OBJECT_STORE bucket.
 */
abstract class OfsSyncScenario {
    private static final String VOLUME = "ofssync";
    private static final int PAGE = 10;

    private FileSystem writerFs;
    private FileSystem readerFs;

    @BeforeEach
    void mount() throws IOException {
        writerFs = newFileSystem();
        readerFs = newFileSystem();
        writerFs.mkdirs(new Path("/" + VOLUME + "/fso"));
        ObjectStore store = client().objectStore();
        try {
            store.getVolume(VOLUME).createBucket("obs", "OBJECT_STORE", 3);
        } catch (OmException e) {
            assertThat(e.status()).isEqualTo(OmStatus.BUCKET_ALREADY_EXISTS);
        }
    }

    @AfterEach
    void unmount() throws IOException {
        writerFs.close();
        readerFs.close();
    }

    private static FileSystem newFileSystem() throws IOException {
        Configuration conf = new Configuration();
        conf.set("fs.ofs.impl", RootedOzoneFileSystem.class.getName());
        conf.setBoolean("fs.ofs.impl.disable.cache", true);
        conf.setInt(RootedOzoneFileSystem.LISTING_PAGE_SIZE_KEY, PAGE);
        String om =
                cluster().clientConfiguration().get(CommonConfigKeys.OM_ADDRESS).get(0);
        return FileSystem.get(URI.create("ofs://" + om + "/"), conf);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fso", "obs"})
    void hsyncedBytesAreVisibleAndOutliveTheWriter(String bucket) throws IOException {
        byte[] data = new byte[ClusterSuiteIT.BLOCK_SIZE + 300_000];
        new Random(27).nextBytes(data);
        Path file = new Path("/" + VOLUME + "/" + bucket + "/sync/abandoned.bin");
        FileSystem dyingFs = newFileSystem();
        FSDataOutputStream out = dyingFs.create(file, true);
        assertThat(out.hasCapability(StreamCapabilities.HSYNC)).isTrue();
        assertThat(out.hasCapability("hflush")).isTrue();
        assertThat(readerFs.getFileStatus(file).getLen())
                .as("a created file is visible at once")
                .isZero();
        int synced = ClusterSuiteIT.BLOCK_SIZE + 1000;
        out.write(data, 0, synced);
        out.hsync();
        assertThat(readerFs.getFileStatus(file).getLen()).isEqualTo(synced);
        assertThat(read(file)).isEqualTo(Arrays.copyOf(data, synced));
        out.write(data, synced, 77);
        out.hflush();
        assertThat(read(file)).isEqualTo(Arrays.copyOf(data, synced + 77));
        out.write(data, synced + 77, 5000);
        // The writer dies: its client goes away without closing the stream.
        dyingFs.close();
        assertThat(read(file)).isEqualTo(Arrays.copyOf(data, synced + 77));
    }

    @ParameterizedTest
    @ValueSource(strings = {"fso", "obs"})
    void closeAfterHsyncCommitsTheFinalLength(String bucket) throws IOException {
        byte[] data = new byte[2 * ClusterSuiteIT.BLOCK_SIZE + 12_345];
        new Random(28).nextBytes(data);
        Path file = new Path("/" + VOLUME + "/" + bucket + "/sync/closed.bin");
        try (FSDataOutputStream out = writerFs.create(file, true)) {
            out.write(data, 0, 100);
            out.hsync();
            out.write(data, 100, ClusterSuiteIT.BLOCK_SIZE);
            out.hflush();
            assertThat(readerFs.getFileStatus(file).getLen()).isEqualTo(100 + ClusterSuiteIT.BLOCK_SIZE);
            out.write(data, 100 + ClusterSuiteIT.BLOCK_SIZE, data.length - 100 - ClusterSuiteIT.BLOCK_SIZE);
        }
        assertThat(readerFs.getFileStatus(file).getLen()).isEqualTo(data.length);
        assertThat(read(file)).isEqualTo(data);
        // Overwriting a synced file after its close replaces it whole.
        try (FSDataOutputStream out = writerFs.create(file, true)) {
            out.write(data, 0, 10);
        }
        assertThat(read(file)).isEqualTo(Arrays.copyOf(data, 10));
    }

    @Test
    void setTimesStoresModificationAndAccessTimes() throws IOException {
        Path dir = new Path("/" + VOLUME + "/fso/times");
        Path file = new Path(dir, "f");
        writerFs.create(file, true).close();
        writerFs.setTimes(file, 1_000_000L, 2_000_000L);
        FileStatus status = readerFs.getFileStatus(file);
        assertThat(status.getModificationTime()).isEqualTo(1_000_000L);
        assertThat(status.getAccessTime()).isEqualTo(2_000_000L);
        writerFs.setTimes(file, -1, 3_000_000L);
        status = readerFs.getFileStatus(file);
        assertThat(status.getModificationTime()).isEqualTo(1_000_000L);
        assertThat(status.getAccessTime()).isEqualTo(3_000_000L);
        writerFs.setTimes(dir, 4_000_000L, -1);
        assertThat(readerFs.getFileStatus(dir).getModificationTime()).isEqualTo(4_000_000L);
        assertThat(Arrays.stream(readerFs.listStatus(dir)).map(FileStatus::getAccessTime))
                .containsExactly(3_000_000L);
        assertThatThrownBy(() -> writerFs.setTimes(new Path(dir, "missing"), 1, 1))
                .isInstanceOf(FileNotFoundException.class);
        assertThatThrownBy(() -> writerFs.setTimes(new Path("/" + VOLUME + "/fso"), 1, 1))
                .isInstanceOf(PathIOException.class);
    }

    @Test
    void streamsAndFileSystemReportIoStatistics() throws IOException {
        Path file = new Path("/" + VOLUME + "/fso/stats/f.bin");
        byte[] data = new byte[10_000];
        try (FSDataOutputStream out = writerFs.create(file, true)) {
            out.write(data);
            out.hflush();
            out.hsync();
            IOStatistics stats = out.getIOStatistics();
            assertThat(stats.counters())
                    .containsEntry("stream_write_bytes", 10_000L)
                    .containsEntry("op_hflush", 1L)
                    .containsEntry("op_hsync", 1L);
            assertThat(stats.meanStatistics()).containsKey("op_hsync.mean");
        }
        try (FSDataInputStream in = readerFs.open(file)) {
            in.readFully(new byte[4000]);
            in.seek(9000);
            in.readFully(new byte[1000]);
            IOStatistics stats = in.getIOStatistics();
            assertThat(stats.counters().get("stream_read_bytes")).isEqualTo(5000L);
            assertThat(stats.counters().get("stream_read_seek_operations")).isEqualTo(1L);
            assertThat(stats.counters().get("stream_read_operations")).isPositive();
        }
        IOStatistics fsStats = IOStatisticsSupport.retrieveIOStatistics(writerFs);
        long renames = fsStats.counters().get("op_rename");
        writerFs.rename(file, new Path(file.getParent(), "g.bin"));
        assertThat(fsStats.counters().get("op_rename")).isEqualTo(renames + 1);
        assertThat(fsStats.counters()).containsKey("op_create").containsKey("op_get_file_status");
    }

    @Test
    void listingsFetchPagesLazily() throws IOException {
        Path dir = new Path("/" + VOLUME + "/fso/paged");
        writerFs.delete(dir, true);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 2 * PAGE + 5; i++) {
            String name = String.format("f%03d", i);
            names.add(name);
            writerFs.create(new Path(dir, name), true).close();
        }
        writerFs.mkdirs(new Path(dir, "sub/deeper"));
        writerFs.create(new Path(dir, "sub/deeper/leaf"), true).close();
        IOStatistics stats = IOStatisticsSupport.retrieveIOStatistics(readerFs);
        long before = stats.counters().get("object_list_request");
        RemoteIterator<FileStatus> entries = readerFs.listStatusIterator(dir);
        assertThat(entries.next().getPath().getName()).isEqualTo("f000");
        assertThat(stats.counters().get("object_list_request")).isEqualTo(before + 1);
        List<String> listed = new ArrayList<>(List.of("f000"));
        while (entries.hasNext()) {
            listed.add(entries.next().getPath().getName());
        }
        List<String> expected = new ArrayList<>(names);
        expected.add("sub");
        assertThat(listed).isEqualTo(expected);
        // 26 entries in pages of 10.
        assertThat(stats.counters().get("object_list_request")).isEqualTo(before + 3);
        List<String> files = new ArrayList<>();
        RemoteIterator<LocatedFileStatus> all = readerFs.listFiles(dir, true);
        while (all.hasNext()) {
            files.add(all.next().getPath().getName());
        }
        expected.set(expected.size() - 1, "leaf");
        assertThat(files).isEqualTo(expected);
        assertThat(readerFs.listStatus(dir)).hasSize(2 * PAGE + 6);
    }

    @Test
    void badInputGetsTheExceptionHadoopUsersExpect() throws IOException {
        Path file = new Path("/" + VOLUME + "/fso/bad/f");
        writerFs.create(file, true).close();
        assertThatThrownBy(() -> writerFs.rename(file, new Path("/" + VOLUME + "/obs/f")))
                .isInstanceOf(PathIOException.class)
                .hasMessageContaining("cannot rename across buckets");
        assertThatThrownBy(() -> writerFs.create(new Path("/" + VOLUME + "/f"), true))
                .isInstanceOf(PathIOException.class)
                .hasMessageContaining("files live inside a bucket");
        // Hadoop's Path folds empty segments and '.'/'..' before ofs sees them; '..' above the root is refused.
        assertThat(readerFs.getFileStatus(new Path("/" + VOLUME + "/fso//bad/./x/../f"))
                        .getPath())
                .isEqualTo(readerFs.makeQualified(file));
        assertThatThrownBy(() -> readerFs.getFileStatus(new Path("/" + VOLUME + "/../../f")))
                .isInstanceOf(InvalidPathException.class)
                .hasMessageContaining("'..' segments are not allowed");
        writerFs.mkdirs(new Path("/" + VOLUME + "/tiny"));
        client().objectStore().bucket(VOLUME, "tiny").setQuota(OptionalLong.of(1024), OptionalLong.empty());
        FSDataOutputStream out = writerFs.create(new Path("/" + VOLUME + "/tiny/big"), true);
        out.write(new byte[4096]);
        assertThatThrownBy(out::close)
                .isInstanceOf(QuotaExceededException.class)
                .hasMessageContaining("quota of 1024 bytes exceeded");
    }

    private byte[] read(Path file) throws IOException {
        long length = readerFs.getFileStatus(file).getLen();
        byte[] data = new byte[Math.toIntExact(length)];
        try (FSDataInputStream in = readerFs.open(file)) {
            in.readFully(data);
            assertThat(in.read()).isEqualTo(-1);
        }
        return data;
    }
}
