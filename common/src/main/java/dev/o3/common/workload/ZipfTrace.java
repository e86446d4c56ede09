package dev.o3.common.workload;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A read trace with the shape of Uber's datanode traces (seed 002): of {@code keys} stored keys only a fraction is
 * ever read, and the reads of that fraction follow a Zipf law, so a few keys take most reads. Deterministic for a
 * seed. Immutable.
 */
public final class ZipfTrace {
    private final long keys;
    private final long[] reads;

    private ZipfTrace(long keys, long[] reads) {
        this.keys = keys;
        this.reads = reads;
    }

    /** Stored keys (indexes 0..keys-1). */
    public long keys() {
        return keys;
    }

    /** The reads in order, each the index of the key read (a copy). */
    public long[] reads() {
        return reads.clone();
    }

    /**
     * Generates a trace.
     *
     * @param keys stored keys
     * @param readCount reads to generate
     * @param readFraction fraction of the keys that are read at all (the seed: under 20%)
     * @param exponent Zipf exponent of the read keys' popularity (about 1 gives the seed's "top keys take ~90%")
     * @param seed random seed
     * @throws IllegalArgumentException for non-positive sizes or a fraction outside (0, 1]
     */
    public static ZipfTrace generate(long keys, int readCount, double readFraction, double exponent, long seed) {
        if (keys <= 0 || readCount <= 0 || !(readFraction > 0 && readFraction <= 1) || exponent <= 0) {
            throw new IllegalArgumentException("keys and reads must be positive, 0 < read fraction <= 1, exponent > 0");
        }
        Random random = new Random(seed);
        int hot = (int) Math.max(1, Math.min(Integer.MAX_VALUE - 8, Math.round(keys * readFraction)));
        long[] hotKeys = distinctKeys(keys, hot, random);
        double[] cumulative = new double[hot];
        double sum = 0;
        for (int rank = 0; rank < hot; rank++) {
            sum += 1 / Math.pow(rank + 1, exponent);
            cumulative[rank] = sum;
        }
        long[] reads = new long[readCount];
        for (int i = 0; i < readCount; i++) {
            int rank = Arrays.binarySearch(cumulative, random.nextDouble() * sum);
            reads[i] = hotKeys[Math.min(hot - 1, rank < 0 ? -rank - 1 : rank)];
        }
        return new ZipfTrace(keys, reads);
    }

    private static long[] distinctKeys(long keys, int count, Random random) {
        if (count >= keys) {
            long[] all = new long[(int) keys];
            Arrays.setAll(all, i -> i);
            return all;
        }
        Set<Long> chosen = new HashSet<>();
        long[] result = new long[count];
        int filled = 0;
        while (filled < count) {
            long key = Math.floorMod(random.nextLong(), keys);
            if (chosen.add(key)) {
                result[filled++] = key;
            }
        }
        return result;
    }

    /** Distinct keys read / stored keys. */
    public double fractionOfKeysRead() {
        return (double) Arrays.stream(reads).distinct().count() / keys;
    }

    /** Share of the reads that go to the {@code top} most read keys. */
    public double shareOfTop(int top) {
        long[] counts = Arrays.stream(reads)
                .boxed()
                .collect(Collectors.groupingBy(key -> key, Collectors.counting()))
                .values()
                .stream()
                .mapToLong(Long::longValue)
                .sorted()
                .toArray();
        long topReads = 0;
        for (int i = counts.length - 1; i >= 0 && i >= counts.length - top; i--) {
            topReads += counts[i];
        }
        return (double) topReads / reads.length;
    }
}
