package dev.o3.test.jobs;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.NLineInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * A map-only MapReduce job whose tasks read TeraGen's files back, one map per file named in a local list: each counts
 * its file's 100-byte rows, sums the rows' CRC32s as TeraValidate does and notes the owner the file shows to the task,
 * into a local output directory. Nothing of it touches O3 at submission: only its tasks do, so a task is the first to
 * present the job's token.
 */
final class TeraReadBack {
    static final String ROWS = "rows";
    static final String CHECKSUM = "checksum";
    /** Followed by the owner's name: the files a task saw with that owner. */
    static final String OWNER = "owner:";

    private static final int ROW = 100;

    private TeraReadBack() {}

    /** The job, not yet submitted: its credentials are the caller's to fill. */
    static Job job(Configuration conf, List<Path> files, java.nio.file.Path work) throws IOException {
        java.nio.file.Path list = Files.createTempFile(work, "readback", ".txt");
        Files.write(list, files.stream().map(Path::toString).toList(), StandardCharsets.UTF_8);
        java.nio.file.Path output = Files.createTempDirectory(work, "readback-out");
        Files.delete(output);
        Job job = Job.getInstance(conf, "tera-read-back");
        job.setJar(jobJar(work).toString());
        job.setInputFormatClass(NLineInputFormat.class);
        NLineInputFormat.addInputPath(job, new Path(list.toUri()));
        job.setMapperClass(RowMapper.class);
        job.setNumReduceTasks(0);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(LongWritable.class);
        FileOutputFormat.setOutputPath(job, new Path(output.toUri()));
        return job;
    }

    /** The job's jar, as a user ships one: this class and its mapper (the cluster has only Hadoop's jars and O3's). */
    private static java.nio.file.Path jobJar(java.nio.file.Path work) throws IOException {
        java.nio.file.Path jar = work.resolve("tera-read-back.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Class<?> type : List.of(TeraReadBack.class, RowMapper.class)) {
                String entry = type.getName().replace('.', '/') + ".class";
                out.putNextEntry(new JarEntry(entry));
                try (InputStream in = TeraReadBack.class.getClassLoader().getResourceAsStream(entry)) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
        return jar;
    }

    /** The totals over the maps of a finished job: {@value #ROWS}, {@value #CHECKSUM}, {@value #OWNER}NAME. */
    static Map<String, Long> totals(Job job) throws IOException {
        java.nio.file.Path output =
                java.nio.file.Path.of(FileOutputFormat.getOutputPath(job).toUri());
        Map<String, Long> totals = new HashMap<>();
        try (Stream<java.nio.file.Path> parts = Files.list(output)) {
            for (java.nio.file.Path part : parts.filter(
                            path -> path.getFileName().toString().startsWith("part-m-"))
                    .toList()) {
                for (String line : Files.readAllLines(part, StandardCharsets.UTF_8)) {
                    String[] fields = line.split("\t", 2);
                    totals.merge(fields[0], Long.parseLong(fields[1]), Long::sum);
                }
            }
        }
        return totals;
    }

    /** Reads the file its line names: its rows and the sum of their CRC32s. */
    public static final class RowMapper extends Mapper<LongWritable, Text, Text, LongWritable> {
        @Override
        protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
            Path file = new Path(line.toString());
            FileSystem fs = file.getFileSystem(context.getConfiguration());
            long rows = 0;
            long checksum = 0;
            byte[] row = new byte[ROW];
            CRC32 crc = new CRC32();
            try (InputStream in = fs.open(file)) {
                while (readRow(in, row)) {
                    crc.reset();
                    crc.update(row);
                    checksum += crc.getValue();
                    rows++;
                }
            }
            context.write(new Text(ROWS), new LongWritable(rows));
            context.write(new Text(CHECKSUM), new LongWritable(checksum));
            context.write(new Text(OWNER + fs.getFileStatus(file).getOwner()), new LongWritable(1));
        }

        /** Fills {@code row}; false at the end of the file, an error at a partial row. */
        private static boolean readRow(InputStream in, byte[] row) throws IOException {
            int read = in.readNBytes(row, 0, row.length);
            if (read == 0) {
                return false;
            }
            if (read < row.length) {
                throw new EOFException("a partial row of " + read + " bytes at the end");
            }
            return true;
        }
    }
}
