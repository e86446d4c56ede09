package dev.o3.datanode.cache;

import java.util.concurrent.atomic.LongAdder;

/** What the cache has done since start, counted lock-free. In shadow mode it counts what it would have done. */
final class CacheCounters {
    final LongAdder hits = new LongAdder();
    final LongAdder misses = new LongAdder();
    final LongAdder bytesFromCache = new LongAdder();
    final LongAdder bytesFromVolume = new LongAdder();
    final LongAdder admissions = new LongAdder();
    final LongAdder rejections = new LongAdder();
    final LongAdder busyRejections = new LongAdder();
    final LongAdder evictions = new LongAdder();
    final LongAdder bytesWritten = new LongAdder();
    final LongAdder pagesAdmitted = new LongAdder();
    final LongAdder pagesReused = new LongAdder();
    final LongAdder corruptPages = new LongAdder();
    final LongAdder missingPages = new LongAdder();
    final LongAdder deviceErrors = new LongAdder();
}
