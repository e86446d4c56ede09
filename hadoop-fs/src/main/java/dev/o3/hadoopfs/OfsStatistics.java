package dev.o3.hadoopfs;

import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OBJECT_LIST_REQUEST;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_CREATE;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_DELETE;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_GET_FILE_STATUS;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_LIST_FILES;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_LIST_STATUS;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_MKDIRS;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_OPEN;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_RENAME;
import static org.apache.hadoop.fs.statistics.StoreStatisticNames.OP_SET_TIMES;

import java.io.IOException;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsBinding;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsStore;
import org.apache.hadoop.util.functional.CallableRaisingIOE;

/**
 * The file system's IOStatistics: a count and the durations (min, max, mean; failures apart) of each operation under
 * Hadoop's standard names ({@code op_open}, {@code op_rename}, ...), and {@code object_list_request}, one per listing
 * page fetched from OM. Thread-safe.
 */
final class OfsStatistics {
    private final IOStatisticsStore store = IOStatisticsBinding.iostatisticsStore()
            .withDurationTracking(
                    OP_OPEN,
                    OP_CREATE,
                    OP_RENAME,
                    OP_DELETE,
                    OP_MKDIRS,
                    OP_LIST_STATUS,
                    OP_LIST_FILES,
                    OP_GET_FILE_STATUS,
                    OP_SET_TIMES)
            .withCounters(OBJECT_LIST_REQUEST)
            .build();

    /** Runs one operation, counting it and timing it under {@code operation}. */
    <T> T tracked(String operation, CallableRaisingIOE<T> body) throws IOException {
        return IOStatisticsBinding.trackDuration(store, operation, body);
    }

    /** Counts one listing page fetched from OM. */
    void listRequest() {
        store.incrementCounter(OBJECT_LIST_REQUEST);
    }

    IOStatisticsStore store() {
        return store;
    }
}
