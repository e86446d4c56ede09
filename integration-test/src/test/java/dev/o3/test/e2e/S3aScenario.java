package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.client;
import static dev.o3.test.e2e.ClusterSuiteIT.cluster;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.client.api.S3Secret;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileRange;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Hadoop's S3A filesystem, unmodified, against the gateway of the real cluster: the settings a Hadoop user needs for
 * O3 (path-style, plain HTTP, static keys from {@code ozone s3 getsecret}) are exactly the ones set here.
 */
abstract class S3aScenario {
    private static final int MIB = 1024 * 1024;
    private static final String BUCKET = "s3a-bucket";

    @TempDir
    java.nio.file.Path buffers;

    private FileSystem fs;

    @BeforeEach
    void mount() throws IOException {
        S3Secret secret = client().objectStore().getS3Secret(System.getProperty("user.name"));
        URI endpoint = URI.create(
                "http://127.0.0.1:" + cluster().gateway().orElseThrow().port());
        try (S3Client s3 = S3Client.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(secret.accessKey(), secret.secret())))
                .build()) {
            if (s3.listBuckets().buckets().stream().noneMatch(b -> b.name().equals(BUCKET))) {
                s3.createBucket(b -> b.bucket(BUCKET));
            }
        }
        fs = FileSystem.newInstance(URI.create("s3a://" + BUCKET + "/"), configuration(endpoint, secret));
    }

    @AfterEach
    void unmount() throws IOException {
        if (fs != null) {
            fs.close();
        }
    }

    @Test
    void writesReadsAndListsFilesAndDirectories() throws IOException {
        Path dir = new Path("/data/nested");
        assertThat(fs.mkdirs(dir)).isTrue();
        assertThat(fs.getFileStatus(dir).isDirectory()).isTrue();

        byte[] small = Keys.random(3 * MIB + 5);
        byte[] large = Keys.random(12 * MIB + 11);
        Path smallFile = new Path(dir, "small.bin");
        Path largeFile = new Path("/data/large.bin");
        write(smallFile, small);
        write(largeFile, large);

        assertThat(read(smallFile)).isEqualTo(small);
        assertThat(read(largeFile)).as("12 MiB went up as three 5 MiB parts").isEqualTo(large);
        assertThat(readRange(largeFile, 7 * MIB, 4096)).isEqualTo(Arrays.copyOfRange(large, 7 * MIB, 7 * MIB + 4096));

        FileStatus status = fs.getFileStatus(largeFile);
        assertThat(status.isFile()).isTrue();
        assertThat(status.getLen()).isEqualTo(large.length);
        assertThat(Arrays.stream(fs.listStatus(new Path("/data")))
                        .map(s -> s.getPath().getName() + (s.isDirectory() ? "/" : "")))
                .containsExactlyInAnyOrder("nested/", "large.bin");
        assertThat(listFilesRecursively(new Path("/data")))
                .containsExactlyInAnyOrder("/data/large.bin", "/data/nested/small.bin");

        assertThatThrownBy(() -> fs.open(new Path("/data/missing")).close()).isInstanceOf(FileNotFoundException.class);
        assertThatThrownBy(() -> fs.getFileStatus(new Path("/nowhere"))).isInstanceOf(FileNotFoundException.class);
    }

    @Test
    void renamesFilesAndDirectoriesAndDeletesRecursively() throws IOException {
        byte[] one = Keys.random(MIB + 1);
        byte[] two = Keys.random(2 * MIB + 3);
        write(new Path("/tree/a/one.bin"), one);
        write(new Path("/tree/a/sub/two.bin"), two);

        assertThat(fs.rename(new Path("/tree/a/one.bin"), new Path("/tree/a/renamed.bin")))
                .isTrue();
        assertThat(fs.exists(new Path("/tree/a/one.bin"))).isFalse();
        assertThat(read(new Path("/tree/a/renamed.bin"))).isEqualTo(one);

        assertThat(fs.rename(new Path("/tree/a"), new Path("/tree/b"))).isTrue();
        assertThat(fs.exists(new Path("/tree/a"))).isFalse();
        assertThat(listFilesRecursively(new Path("/tree")))
                .containsExactlyInAnyOrder("/tree/b/renamed.bin", "/tree/b/sub/two.bin");
        assertThat(read(new Path("/tree/b/sub/two.bin"))).isEqualTo(two);

        assertThat(fs.delete(new Path("/tree"), true)).isTrue();
        assertThat(fs.exists(new Path("/tree"))).isFalse();
        assertThat(fs.exists(new Path("/tree/b/sub/two.bin"))).isFalse();
    }

    @Test
    void handlesEmptyFilesEmptyDirectoriesOddNamesAndVectoredReads() throws IOException {
        Path empty = new Path("/odd/empty.bin");
        write(empty, new byte[0]);
        assertThat(fs.getFileStatus(empty).getLen()).isZero();
        assertThat(read(empty)).isEmpty();

        Path odd = new Path("/odd/a b+c=d%e\u00e9.txt");
        byte[] text = "odd name".getBytes(StandardCharsets.UTF_8);
        write(odd, text);
        assertThat(read(odd)).isEqualTo(text);
        assertThat(Arrays.stream(fs.listStatus(new Path("/odd")))
                        .map(s -> s.getPath().getName()))
                .containsExactlyInAnyOrder("empty.bin", odd.getName());

        Path emptyDir = new Path("/odd/dir/inner");
        assertThat(fs.mkdirs(emptyDir)).isTrue();
        assertThat(fs.listStatus(emptyDir)).isEmpty();
        assertThat(fs.rename(new Path("/odd/dir"), new Path("/odd/moved"))).isTrue();
        assertThat(fs.getFileStatus(new Path("/odd/moved/inner")).isDirectory())
                .as("the directory marker was copied")
                .isTrue();
        assertThat(fs.delete(new Path("/odd/moved/inner"), false)).isTrue();
        assertThat(fs.exists(new Path("/odd/moved/inner"))).isFalse();

        assertThatThrownBy(() -> fs.create(odd, false).close()).isInstanceOf(FileAlreadyExistsException.class);

        byte[] data = Keys.random(2 * MIB + 9);
        Path ranged = new Path("/odd/ranged.bin");
        write(ranged, data);
        List<FileRange> ranges = List.of(FileRange.createFileRange(10, 100), FileRange.createFileRange(MIB + 3, 5000));
        try (FSDataInputStream in = fs.open(ranged)) {
            in.readVectored(ranges, ByteBuffer::allocate);
            for (FileRange range : ranges) {
                ByteBuffer got = range.getData().join();
                int from = (int) range.getOffset();
                assertThat(ByteBuffer.wrap(data, from, range.getLength())).isEqualTo(got);
            }
        }
        assertThat(fs.delete(new Path("/odd"), true)).isTrue();
    }

    /** What a Hadoop user sets for O3; the rest only keeps the client small for a 2-core runner. */
    private Configuration configuration(URI endpoint, S3Secret secret) {
        Configuration conf = new Configuration();
        conf.set("fs.s3a.endpoint", endpoint.toString());
        conf.set("fs.s3a.endpoint.region", "us-east-1");
        conf.setBoolean("fs.s3a.path.style.access", true);
        conf.setBoolean("fs.s3a.connection.ssl.enabled", false);
        conf.set("fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
        conf.set("fs.s3a.access.key", secret.accessKey());
        conf.set("fs.s3a.secret.key", secret.secret());
        // 5 MiB is S3's smallest part: a 12 MiB file becomes a three-part upload.
        conf.set("fs.s3a.multipart.size", "5M");
        conf.set("fs.s3a.multipart.threshold", "5M");
        conf.set("fs.s3a.fast.upload.buffer", "bytebuffer");
        conf.set("fs.s3a.buffer.dir", buffers.toString());
        conf.setInt("fs.s3a.threads.max", 4);
        return conf;
    }

    private void write(Path path, byte[] data) throws IOException {
        try (OutputStream out = fs.create(path, false)) {
            for (int offset = 0; offset < data.length; offset += MIB) {
                out.write(data, offset, Math.min(MIB, data.length - offset));
            }
        }
    }

    private byte[] read(Path path) throws IOException {
        try (InputStream in = fs.open(path)) {
            return in.readAllBytes();
        }
    }

    private byte[] readRange(Path path, long position, int length) throws IOException {
        byte[] buffer = new byte[length];
        try (FSDataInputStream in = fs.open(path)) {
            in.readFully(position, buffer);
        }
        return buffer;
    }

    private List<String> listFilesRecursively(Path dir) throws IOException {
        List<String> paths = new ArrayList<>();
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(dir, true);
        while (files.hasNext()) {
            paths.add(files.next().getPath().toUri().getPath());
        }
        return paths;
    }
}
