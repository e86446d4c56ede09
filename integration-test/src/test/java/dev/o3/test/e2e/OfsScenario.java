package dev.o3.test.e2e;

import static dev.o3.test.e2e.ClusterSuiteIT.cluster;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.hadoopfs.OzoneFs;
import dev.o3.hadoopfs.RootedOzoneFileSystem;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileChecksum;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileRange;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsShell;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.util.CrcUtil;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ofs://} against the real cluster: Hadoop's FileSystem API and its FsShell over an FSO bucket that mkdirs
 * creates, with Hadoop's rename and delete semantics and the exceptions Hadoop users expect.
 */
abstract class OfsScenario {
    @TempDir
    java.nio.file.Path local;

    private String root;
    private Configuration conf;
    private FileSystem fs;

    @BeforeEach
    void mount() throws IOException {
        root = "ofs://"
                + cluster()
                        .clientConfiguration()
                        .get(CommonConfigKeys.OM_ADDRESS)
                        .get(0);
        conf = new Configuration();
        conf.set("fs.ofs.impl", RootedOzoneFileSystem.class.getName());
        conf.setBoolean("fs.ofs.impl.disable.cache", true);
        fs = FileSystem.get(URI.create(root + "/"), conf);
        fs.mkdirs(new Path("/ofsvol/ofsbucket"));
    }

    @AfterEach
    void unmount() throws IOException {
        fs.close();
    }

    @Test
    void mkdirsCreatesVolumeBucketAndDirectories() throws IOException {
        Path dir = new Path(root + "/ofsvol/ofsbucket/a/b");
        assertThat(fs.mkdirs(dir)).isTrue();
        assertThat(fs.getFileStatus(new Path(root + "/ofsvol")).isDirectory()).isTrue();
        assertThat(fs.getFileStatus(new Path(root + "/ofsvol/ofsbucket")).isDirectory())
                .isTrue();
        assertThat(fs.getFileStatus(dir).isDirectory()).isTrue();
        assertThat(fs.getFileStatus(new Path("/")).isDirectory()).isTrue();
        assertThat(Arrays.stream(fs.listStatus(new Path("/ofsvol")))
                        .map(s -> s.getPath().getName()))
                .contains("ofsbucket");
        assertThat(fs.mkdirs(dir)).isTrue();
    }

    @Test
    void createMakesAMissingVolumeAndBucket() throws IOException {
        Path file = new Path("/ofsnewvol/ofsnewbucket/dir/file.txt");
        try (FSDataOutputStream out = fs.create(file, false)) {
            out.write(new byte[] {1, 2, 3});
        }
        assertThat(fs.getFileStatus(new Path("/ofsnewvol/ofsnewbucket")).isDirectory())
                .isTrue();
        assertThat(fs.getFileStatus(file).getLen()).isEqualTo(3);
    }

    @Test
    void writesReadsSeeksAndListsFiles() throws IOException {
        byte[] data = new byte[3 * ClusterSuiteIT.BLOCK_SIZE / 2];
        new Random(7).nextBytes(data);
        Path file = new Path("/ofsvol/ofsbucket/rw/data.bin");
        try (FSDataOutputStream out = fs.create(file, true)) {
            assertThat(out.hasCapability("hflush")).isTrue();
            assertThat(out.hasCapability("hsync")).isTrue();
            out.write(data);
        }
        FileStatus status = fs.getFileStatus(file);
        assertThat(status.isFile()).isTrue();
        assertThat(status.getLen()).isEqualTo(data.length);
        assertThat(fs.getFileStatus(file.getParent()).isDirectory()).isTrue();
        try (FSDataInputStream in = fs.open(file)) {
            byte[] all = new byte[data.length];
            in.readFully(all);
            assertThat(all).isEqualTo(data);
            in.seek(ClusterSuiteIT.BLOCK_SIZE - 10);
            assertThat(in.read()).isEqualTo(data[ClusterSuiteIT.BLOCK_SIZE - 10] & 0xff);
            byte[] span = new byte[20];
            in.readFully(ClusterSuiteIT.BLOCK_SIZE - 10, span);
            assertThat(span)
                    .isEqualTo(
                            Arrays.copyOfRange(data, ClusterSuiteIT.BLOCK_SIZE - 10, ClusterSuiteIT.BLOCK_SIZE + 10));
            assertThat(in.getPos()).isEqualTo(ClusterSuiteIT.BLOCK_SIZE - 9);
        }
        assertThat(fs.listStatus(file.getParent()))
                .extracting(s -> s.getPath().getName())
                .containsExactly("data.bin");
        assertThatThrownBy(() -> fs.create(file, false)).isInstanceOf(FileAlreadyExistsException.class);
        assertThatThrownBy(() -> fs.create(file.getParent(), true)).isInstanceOf(FileAlreadyExistsException.class);
        assertThatThrownBy(() -> fs.create(new Path(file, "child"), true))
                .isInstanceOf(ParentNotDirectoryException.class);
        assertThatThrownBy(() -> fs.open(new Path("/ofsvol/ofsbucket/rw/missing")))
                .isInstanceOf(FileNotFoundException.class);
        assertThatThrownBy(() -> fs.append(file)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> fs.concat(file, new Path[] {file})).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void vectoredReadsSpanBlocksAndFailOnlyTheRangesPastTheEnd() throws Exception {
        byte[] data = new byte[2 * ClusterSuiteIT.BLOCK_SIZE + 1000];
        new Random(11).nextBytes(data);
        Path file = new Path("/ofsvol/ofsbucket/vectored/data.bin");
        try (FSDataOutputStream out = fs.create(file, true)) {
            out.write(data);
        }
        int boundary = ClusterSuiteIT.BLOCK_SIZE;
        List<FileRange> ranges = List.of(
                FileRange.createFileRange(boundary - 100, 200),
                FileRange.createFileRange(10, 5),
                FileRange.createFileRange(20, 7),
                FileRange.createFileRange(2L * boundary - 3, 900),
                FileRange.createFileRange(data.length - 10, 20));
        try (FSDataInputStream in = fs.open(file)) {
            in.readVectored(ranges, ByteBuffer::allocate);
            for (FileRange range : ranges.subList(0, 4)) {
                ByteBuffer read = range.getData().get(60, TimeUnit.SECONDS);
                byte[] bytes = new byte[read.remaining()];
                read.get(bytes);
                int from = (int) range.getOffset();
                assertThat(bytes).isEqualTo(Arrays.copyOfRange(data, from, from + range.getLength()));
            }
            assertThat(ranges.get(4).getData())
                    .failsWithin(60, TimeUnit.SECONDS)
                    .withThrowableOfType(ExecutionException.class)
                    .withCauseInstanceOf(EOFException.class);
            assertThat(in.getPos()).isZero();
        }
    }

    @Test
    void trashIsInTheBucketAndRestoresByRename() throws Exception {
        Configuration withTrash = new Configuration(conf);
        withTrash.setLong("fs.trash.interval", 60);
        Path dir = new Path("/ofsvol/ofsbucket/trashed/dir");
        write(new Path(dir, "f"), "kept in trash");
        Path trashRoot = fs.getTrashRoot(dir);
        assertThat(trashRoot.toUri().getPath()).isEqualTo("/ofsvol/ofsbucket/.Trash/" + user());
        FsShell shell = new FsShell(withTrash);
        try {
            assertThat(ToolRunner.run(shell, new String[] {"-rm", "-r", root + dir}))
                    .isZero();
        } finally {
            shell.close();
        }
        assertThat(fs.exists(dir)).isFalse();
        Path inTrash = new Path(trashRoot, "Current/ofsvol/ofsbucket/trashed/dir/f");
        assertThat(fs.getFileStatus(inTrash).getLen()).isEqualTo("kept in trash".length());
        assertThat(fs.getTrashRoots(false))
                .extracting(status -> status.getPath().toUri().getPath())
                .contains(trashRoot.toUri().getPath());
    }

    @Test
    void checksumsDependOnTheBytesNotOnTheChunkLayout() throws IOException {
        byte[] data = new byte[ClusterSuiteIT.BLOCK_SIZE + 70_000];
        new Random(5).nextBytes(data);
        Path first = new Path("/ofsvol/ofsbucket/sums/default");
        Path second = new Path("/ofsvol/ofsbucket/sums/small-chunks");
        try (FSDataOutputStream out = fs.create(first, true)) {
            out.write(data);
        }
        Configuration smallChunks = new Configuration(conf);
        smallChunks.set("ozone.client.stream.buffer.size", "64KB");
        smallChunks.set("ozone.client.bytes.per.checksum", "4KB");
        try (FileSystem other = FileSystem.get(URI.create(root + "/"), smallChunks);
                FSDataOutputStream out = other.create(second, true)) {
            out.write(data);
        }
        FileChecksum checksum = fs.getFileChecksum(first);
        assertThat(checksum.getAlgorithmName()).isEqualTo("COMPOSITE-CRC32C");
        assertThat(fs.getFileChecksum(second)).isEqualTo(checksum);
        CRC32C whole = new CRC32C();
        whole.update(data);
        assertThat(checksum.getBytes()).isEqualTo(CrcUtil.intToBytes((int) whole.getValue()));
        data[7] ^= 1;
        Path third = new Path("/ofsvol/ofsbucket/sums/changed");
        try (FSDataOutputStream out = fs.create(third, true)) {
            out.write(data);
        }
        assertThat(fs.getFileChecksum(third)).isNotEqualTo(checksum);
    }

    /**
     * The shaded jar in a plain Hadoop client classpath (a configuration directory whose core-site.xml names the
     * ofs:// class, hadoop-client-api and -runtime, SLF4J; nothing of O3's own dependencies): FsShell in its own JVM
     * writes and reads a file through it.
     */
    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void shadedJarWorksOnAPlainHadoopClasspath() throws Exception {
        java.nio.file.Path confDir = Files.createDirectories(local.resolve("hadoop-conf"));
        Files.writeString(
                confDir.resolve("core-site.xml"),
                "<configuration><property><name>fs.ofs.impl</name><value>"
                        + RootedOzoneFileSystem.class.getName()
                        + "</value></property></configuration>\n");
        List<String> classpath = new ArrayList<>(List.of(confDir.toString()));
        java.nio.file.Path shaded = null;
        try (Stream<java.nio.file.Path> jars =
                Files.list(java.nio.file.Path.of(System.getProperty("o3.plain.hadoop")))) {
            for (java.nio.file.Path jar : jars.sorted().toList()) {
                classpath.add(jar.toString());
                if (jar.getFileName().toString().startsWith("o3-filesystem-hadoop3")) {
                    shaded = jar;
                }
            }
        }
        assertThat(shaded).isNotNull();
        try (ZipFile zip = new ZipFile(shaded.toFile())) {
            assertThat(zip.stream().map(ZipEntry::getName).filter(name -> name.endsWith(".class")))
                    .allMatch(
                            name -> name.startsWith("dev/o3/") || name.startsWith("org/apache/ratis/"),
                            "only O3's and Ratis' own packages");
        }
        java.nio.file.Path source = Files.writeString(local.resolve("plain.txt"), "through the shaded jar\n");
        String file = root + "/ofsvol/ofsbucket/shaded/plain.txt";
        assertThat(plainShell(classpath, "-mkdir", "-p", root + "/ofsvol/ofsbucket/shaded"))
                .isEmpty();
        assertThat(plainShell(classpath, "-put", source.toString(), file)).isEmpty();
        assertThat(plainShell(classpath, "-cat", file)).isEqualTo("through the shaded jar\n");
    }

    /** Runs FsShell in a new JVM on the given classpath; its standard output. */
    private static String plainShell(List<String> classpath, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java")
                        .toString(),
                "-cp",
                String.join(File.pathSeparator, classpath),
                "org.apache.hadoop.fs.FsShell"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as("FsShell %s", List.of(args)).isZero();
        return out;
    }

    private static String user() throws IOException {
        return UserGroupInformation.getCurrentUser().getShortUserName();
    }

    @Test
    void renamesAndDeletesDirectoriesWithHadoopSemantics() throws IOException {
        Path base = new Path("/ofsvol/ofsbucket/mv");
        Path source = new Path(base, "src");
        for (int i = 0; i < 50; i++) {
            write(new Path(source, "sub/f" + i), "file " + i);
        }
        Path target = new Path(base, "dst");
        assertThat(fs.rename(source, target)).isTrue();
        assertThat(fs.exists(source)).isFalse();
        assertThat(fs.listStatus(new Path(target, "sub"))).hasSize(50);
        assertThat(fs.getContentSummary(target).getFileCount()).isEqualTo(50);

        Path into = new Path(base, "into");
        fs.mkdirs(into);
        assertThat(fs.rename(target, into)).isTrue();
        assertThat(fs.exists(new Path(into, "dst/sub/f7"))).isTrue();
        assertThat(fs.rename(new Path(base, "missing"), new Path(base, "x"))).isFalse();
        assertThat(fs.rename(into, new Path(base, "no/such/parent"))).isFalse();
        assertThat(fs.rename(into, new Path(into, "dst/inside"))).isFalse();
        write(new Path(base, "top"), "at the bucket's top level");
        assertThat(fs.rename(new Path(base, "top"), new Path("/ofsvol/ofsbucket")))
                .isTrue();
        assertThat(fs.exists(new Path("/ofsvol/ofsbucket/top"))).isTrue();
        write(new Path(base, "top"), "a second one");
        assertThat(fs.rename(new Path(base, "top"), new Path("/ofsvol/ofsbucket")))
                .isFalse();

        assertThatThrownBy(() -> fs.delete(into, false)).isInstanceOf(PathIsNotEmptyDirectoryException.class);
        assertThat(fs.delete(into, true)).isTrue();
        assertThat(fs.exists(into)).isFalse();
        assertThat(fs.delete(into, true)).isFalse();
    }

    @Test
    void fsShellPutsMovesCountsAndRemoves() throws Exception {
        java.nio.file.Path many = Files.createDirectories(local.resolve("many"));
        for (int i = 0; i < 20; i++) {
            Files.writeString(many.resolve("f" + i), "line " + i + "\n");
        }
        String dir = root + "/ofsvol/shellbucket/a";
        assertThat(shell("-mkdir", "-p", dir)).isZero();
        assertThat(shell("-put", many.toString(), dir + "/many")).isZero();
        assertThat(shell("-mv", dir + "/many", dir + "/renamed")).isZero();
        assertThat(shell("-ls", dir + "/many")).isNotZero();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            assertThat(shell("-count", dir + "/renamed")).isZero();
        } finally {
            System.setOut(saved);
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).matches("(?s)\\s*1\\s+20\\s+\\d+\\s+.*renamed\\s*");
        java.nio.file.Path copy = local.resolve("f3.copy");
        assertThat(shell("-get", dir + "/renamed/f3", copy.toString())).isZero();
        assertThat(Files.readString(copy)).isEqualTo("line 3\n");
        assertThat(shell("-rm", "-r", "-skipTrash", dir)).isZero();
        assertThat(fs.exists(new Path(dir))).isFalse();
    }

    @Test
    void fileContextWorksThroughTheAbstractFileSystem() throws IOException {
        Configuration withContext = new Configuration(conf);
        withContext.set("fs.AbstractFileSystem.ofs.impl", OzoneFs.class.getName());
        FileContext context = FileContext.getFileContext(URI.create(root + "/"), withContext);
        Path dir = new Path(root + "/ofsvol/ofsbucket/fc/dir");
        context.mkdir(dir, FsPermission.getDirDefault(), true);
        assertThat(context.getFileStatus(dir).isDirectory()).isTrue();
        assertThat(context.util().exists(new Path(root + "/ofsvol/ofsbucket/fc/missing")))
                .isFalse();
    }

    private int shell(String... args) throws Exception {
        FsShell shell = new FsShell(new Configuration(conf));
        try {
            return ToolRunner.run(shell, args);
        } finally {
            shell.close();
        }
    }

    private void write(Path file, String text) throws IOException {
        try (FSDataOutputStream out = fs.create(file, true)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
