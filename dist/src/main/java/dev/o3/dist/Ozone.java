package dev.o3.dist;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Entry point of {@code bin/ozone}: runs the command line and exits with its code. */
public final class Ozone {
    private Ozone() {}

    public static void main(String[] args) {
        ClientLogging.configure(args);
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        System.exit(OzoneCommand.run(args, out, err));
    }
}
