package dev.o3.freon;

import dev.o3.freon.generator.DatanodeEcho;
import dev.o3.freon.generator.KeyGenerator;
import dev.o3.freon.generator.KeyReader;
import dev.o3.freon.generator.OmEcho;
import dev.o3.freon.generator.OmKeyGenerator;
import dev.o3.freon.generator.OmKeyLister;
import dev.o3.freon.generator.OmKeyReader;
import dev.o3.freon.generator.RatisAppend;
import dev.o3.freon.generator.S3KeyGenerator;
import dev.o3.freon.generator.S3KeyReader;
import dev.o3.freon.generator.TraceReplayer;
import picocli.CommandLine.Command;

/** {@code ozone freon}: the load generators. */
@Command(
        name = "freon",
        mixinStandardHelpOptions = true,
        description = "Load generators: each prints progress and a summary with ops/s, MB/s and latency percentiles.",
        subcommands = {
            KeyGenerator.class,
            KeyReader.class,
            OmKeyGenerator.class,
            OmKeyReader.class,
            OmKeyLister.class,
            OmEcho.class,
            RatisAppend.class,
            DatanodeEcho.class,
            S3KeyGenerator.class,
            S3KeyReader.class,
            TraceCommand.class,
            TraceReplayer.class,
            PlotCommand.class
        })
public final class FreonCommand {}
