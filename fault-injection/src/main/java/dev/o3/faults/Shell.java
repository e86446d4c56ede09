package dev.o3.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Runs a short system command (mount, iptables, ...) and reports why it failed. */
final class Shell {
    private Shell() {}

    /** Runs {@code command}; empty on exit status 0, else its exit status and output. */
    static Optional<String> run(String... command) throws InterruptedException {
        try {
            Process process = new ProcessBuilder(List.of(command))
                    .redirectErrorStream(true)
                    .start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return Optional.of(String.join(" ", command) + ": timed out");
            }
            return process.exitValue() == 0
                    ? Optional.empty()
                    : Optional.of(String.join(" ", command) + ": exit " + process.exitValue() + ": "
                            + new String(output, StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            return Optional.of(String.join(" ", command) + ": " + e.getMessage());
        }
    }

    /** Runs {@code command} and fails with its output when it fails. */
    static void check(String... command) throws IOException, InterruptedException {
        Optional<String> failure = run(command);
        if (failure.isPresent()) {
            throw new IOException(failure.get());
        }
    }
}
