package dev.o3.test.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The S3 surface beyond the basics against the real cluster's gateway: SigV2, browser POST uploads, stored headers,
 * checksums, GetObjectAttributes and error codes from Python ({@code s3-surface.py}: boto3 and requests), and the
 * MinIO client {@code mc}, a client family with its own S3 library (minio-go), copying, mirroring and listing.
 */
abstract class S3SurfaceScenario extends GatewayScenario {
    private static final int MIB = 1024 * 1024;

    @Test
    void pythonClientsUseSigV2PostUploadsHeadersChecksumsAndGetS3ErrorCodes() throws IOException, InterruptedException {
        Path script = Path.of(System.getProperty("o3.s3.scripts", "src/test/scripts"), "s3-surface.py");

        String output = run(List.of(
                System.getProperty("o3.s3.python", "python3"),
                script.toString(),
                endpoint().toString(),
                "surface"));

        assertThat(output).contains("s3 surface OK");
    }

    @Test
    void mcCopiesMirrorsListsAndRemoves() throws IOException, InterruptedException {
        Path big = Files.write(files.resolve("big.bin"), Keys.random(20 * MIB + 5));
        Path tree = Files.createDirectories(files.resolve("tree/sub"));
        Files.writeString(files.resolve("tree/a.txt"), "alpha", StandardCharsets.UTF_8);
        Files.writeString(tree.resolve("b.txt"), "beta", StandardCharsets.UTF_8);

        mc("mb", "o3/mc-bucket");
        mc("cp", big.toString(), "o3/mc-bucket/data/big.bin");
        mc("mirror", files.resolve("tree").toString(), "o3/mc-bucket/tree");
        String listing = mc("ls", "--recursive", "o3/mc-bucket");
        String cat = mc("cat", "o3/mc-bucket/tree/sub/b.txt");
        Path copy = files.resolve("big.copy");
        mc("cp", "o3/mc-bucket/data/big.bin", copy.toString());
        Path back = files.resolve("back");
        mc("mirror", "o3/mc-bucket/tree", back.toString());
        mc("rm", "--recursive", "--force", "o3/mc-bucket/tree");
        String after = mc("ls", "--recursive", "o3/mc-bucket");

        assertThat(listing).contains("data/big.bin", "tree/a.txt", "tree/sub/b.txt");
        assertThat(cat).isEqualTo("beta");
        assertThat(Files.mismatch(big, copy)).isEqualTo(-1);
        assertThat(Files.readString(back.resolve("a.txt"), StandardCharsets.UTF_8))
                .isEqualTo("alpha");
        assertThat(Files.readString(back.resolve("sub/b.txt"), StandardCharsets.UTF_8))
                .isEqualTo("beta");
        assertThat(after).contains("data/big.bin").doesNotContain("tree/");
    }

    private String mc(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                System.getProperty("o3.mc", "mc"),
                "--config-dir",
                files.resolve("mc-config").toString(),
                "--no-color",
                "--quiet"));
        command.addAll(List.of(args));
        return run(command);
    }

    /** Runs a client process with this user's S3 credentials; fails the test unless it exits 0. */
    private String run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        String host = endpoint().getHost() + ":" + endpoint().getPort();
        builder.environment()
                .putAll(Map.of(
                        "AWS_ACCESS_KEY_ID", secret().accessKey(),
                        "AWS_SECRET_ACCESS_KEY", secret().secret(),
                        "AWS_DEFAULT_REGION", "us-east-1",
                        "AWS_CONFIG_FILE", files.resolve("aws-config").toString(),
                        "AWS_SHARED_CREDENTIALS_FILE",
                                files.resolve("aws-credentials").toString(),
                        "MC_HOST_o3", "http://" + secret().accessKey() + ":" + secret().secret() + "@" + host));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String name = String.join(" ", command.subList(1, command.size()));
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("%s finished", name).isTrue();
        assertThat(process.exitValue()).as("%s: %s", name, output).isZero();
        return output;
    }
}
