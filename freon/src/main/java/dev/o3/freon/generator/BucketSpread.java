package dev.o3.freon.generator;

import java.util.List;
import java.util.stream.IntStream;
import picocli.CommandLine.Option;

/**
 * The {@code --buckets} option of omkg and omkr: key {@code i} lives in bucket {@code i mod N}, so that a writer and a
 * reader given the same N agree on where each key is.
 */
final class BucketSpread {
    @Option(
            names = "--buckets",
            paramLabel = "N",
            defaultValue = "1",
            description = "Spread the keys over N buckets, BUCKET-0 .. BUCKET-(N-1), key i in bucket i mod N (default:"
                    + " ${DEFAULT-VALUE}, just BUCKET); give a reader the writer's N.")
    private int buckets = 1;

    void validate() {
        if (buckets < 1) {
            throw new IllegalArgumentException("--buckets must be at least 1, not " + buckets);
        }
    }

    /** The buckets' names: {@code bucket} itself for one, else {@code bucket-0} .. {@code bucket-(N-1)}. */
    List<String> names(String bucket) {
        if (buckets == 1) {
            return List.of(bucket);
        }
        return IntStream.range(0, buckets).mapToObj(i -> bucket + "-" + i).toList();
    }

    /** The position in {@link #names} of the bucket holding key {@code keyIndex}. */
    int bucketOf(long keyIndex) {
        return (int) Math.floorMod(keyIndex, (long) buckets);
    }
}
