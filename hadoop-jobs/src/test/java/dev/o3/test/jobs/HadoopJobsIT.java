package dev.o3.test.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.s3a.commit.files.SinglePendingCommit;
import org.apache.hadoop.fs.s3a.commit.files.SuccessData;
import org.apache.hadoop.fs.s3a.commit.files.UploadEtag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.MultipartUpload;

/**
 * Hadoop's TestDFSIO and TeraGen, TeraSort and TeraValidate, unmodified, in local-mode MapReduce over {@code ofs://}
 * and over {@code s3a://} on one cluster; their output committed by FileOutputCommitter (ofs) and by S3A's magic
 * committer (s3a), which leaves its parts as multipart uploads that job commit completes.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class HadoopJobsIT {
    private static final int MB = 1024 * 1024;
    private static final long ROWS = 100_000;
    /** TeraGen's rows are a fixed function of their index: the sum of 100,000 rows' CRC32s is this constant. */
    private static final String CHECKSUM = "c327a1c42c28";

    @TempDir
    static Path directory;

    private JobCluster cluster;

    @BeforeAll
    void startCluster() throws IOException {
        cluster = JobCluster.start(directory);
    }

    @AfterAll
    void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    Stream<JobTarget> targets() throws IOException {
        return Stream.of(cluster.ofs(), cluster.s3a());
    }

    @ParameterizedTest
    @MethodSource("targets")
    void testDfsioWritesThenReadsItsFiles(JobTarget target) throws Exception {
        assertThat(HadoopJobs.dfsio(target, "write", 2, 16)).isPositive();
        assertThat(HadoopJobs.dfsioFiles(target)).hasSize(2).allSatisfy(file -> assertThat(file.getLen())
                .isEqualTo(16L * MB));
        assertThat(HadoopJobs.dfsio(target, "read", 2, 16)).isPositive();
    }

    @ParameterizedTest
    @MethodSource("targets")
    void teraSortSortsAndItsOutputIsCommitted(JobTarget target) throws Exception {
        org.apache.hadoop.fs.Path generated = target.path("tera/gen");
        org.apache.hadoop.fs.Path sorted = target.path("tera/sorted");
        org.apache.hadoop.fs.Path report = target.path("tera/report");
        HadoopJobs.teraGen(target, ROWS, generated);
        assertCommitted(target, generated, "part-m-00000");
        HadoopJobs.teraSort(target, generated, sorted, 2);
        assertCommitted(target, sorted, "part-r-00000", "part-r-00001");

        List<String> findings = HadoopJobs.teraValidate(target, sorted, report);
        assertCommitted(target, report, "part-r-00000");
        assertThat(findings).as("TeraValidate's report").containsExactly("checksum\t" + CHECKSUM);
    }

    /**
     * The magic committer's protocol step by step: a write under {@code __magic} becomes a pending multipart upload of
     * the final key, which another client (in a cluster, the job committer's process) lists and completes from the
     * task's {@code .pending} file.
     */
    @Test
    void aMagicWriteIsAPendingUploadThatAnotherClientCompletes() throws IOException {
        JobTarget s3a = cluster.s3a();
        org.apache.hadoop.fs.Path magic = s3a.path("magic-out/__magic_job-1/tasks/attempt_1/__base/part-0000");
        org.apache.hadoop.fs.Path dest = s3a.path("magic-out/part-0000");
        byte[] data = new byte[3 * 1024 * 1024 + 7];
        new Random(3).nextBytes(data);
        SinglePendingCommit pending;
        try (FileSystem fs = FileSystem.newInstance(s3a.root().toUri(), s3a.conf())) {
            try (OutputStream out = fs.create(magic, true)) {
                out.write(data);
            }
            assertThat(fs.exists(dest)).as("the final file before the commit").isFalse();
            pending = SinglePendingCommit.load(
                    fs, new org.apache.hadoop.fs.Path(magic + ".pending"), SinglePendingCommit.serializer(), null);
        }
        assertThat(pending.getDestinationKey()).isEqualTo("magic-out/part-0000");
        try (S3Client s3 = cluster.s3Client()) {
            assertThat(s3.headObject(request -> request.bucket(JobCluster.S3_BUCKET)
                                    .key("magic-out/__magic_job-1/tasks/attempt_1/__base/part-0000"))
                            .metadata())
                    .as("the marker at the magic path carries the length")
                    .containsEntry("x-hadoop-s3a-magic-data-length", Integer.toString(data.length));
            assertThat(s3.listMultipartUploads(request ->
                                    request.bucket(JobCluster.S3_BUCKET).prefix("magic-out/"))
                            .uploads())
                    .extracting(MultipartUpload::key, MultipartUpload::uploadId)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("magic-out/part-0000", pending.getUploadId()));
            List<CompletedPart> parts = new ArrayList<>();
            for (UploadEtag etag : pending.getEtags()) {
                parts.add(UploadEtag.toCompletedPart(etag, parts.size() + 1));
            }
            s3.completeMultipartUpload(request -> request.bucket(JobCluster.S3_BUCKET)
                    .key(pending.getDestinationKey())
                    .uploadId(pending.getUploadId())
                    .multipartUpload(upload -> upload.parts(parts)));
            assertThat(s3.listMultipartUploads(request -> request.bucket(JobCluster.S3_BUCKET))
                            .uploads())
                    .isEmpty();
        }
        try (FileSystem fs = FileSystem.newInstance(s3a.root().toUri(), s3a.conf());
                InputStream in = fs.open(dest)) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
    }

    /**
     * The job's files and {@code _SUCCESS} are there and nothing of the commit is left: FileOutputCommitter's
     * {@code _temporary}, or the magic committer's {@code __magic} tree and pending uploads, whose summary is then
     * {@code _SUCCESS}.
     */
    private void assertCommitted(JobTarget target, org.apache.hadoop.fs.Path dir, String... parts) throws IOException {
        FileSystem fs = dir.getFileSystem(target.conf());
        List<String> names = Arrays.stream(fs.listStatus(dir))
                .map(FileStatus::getPath)
                .map(org.apache.hadoop.fs.Path::getName)
                .toList();
        assertThat(names)
                .contains(parts)
                .contains("_SUCCESS")
                .noneMatch(name -> name.contains("temporary") || name.startsWith("__magic"));
        org.apache.hadoop.fs.Path success = new org.apache.hadoop.fs.Path(dir, "_SUCCESS");
        if (target.name().equals("ofs")) {
            assertThat(fs.getFileStatus(success).getLen())
                    .as("FileOutputCommitter's marker")
                    .isZero();
            return;
        }
        SuccessData summary = SuccessData.load(fs, success);
        assertThat(summary.getCommitter()).isEqualTo("magic");
        assertThat(summary.getSuccess()).isTrue();
        assertThat(summary.getFilenames())
                .extracting(name -> new org.apache.hadoop.fs.Path(name).getName())
                .containsExactlyInAnyOrder(parts);
        try (S3Client s3 = cluster.s3Client()) {
            assertThat(s3.listMultipartUploads(request -> request.bucket(JobCluster.S3_BUCKET))
                            .uploads())
                    .as("uploads the commit left pending")
                    .isEmpty();
        }
    }
}
