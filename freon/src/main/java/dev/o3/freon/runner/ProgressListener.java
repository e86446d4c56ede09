package dev.o3.freon.runner;

import java.time.Duration;
import java.util.OptionalLong;

/** Told about a run's progress about once a second, and once more at its end. */
public interface ProgressListener {
    /**
     * Progress so far.
     *
     * @param done operations finished (failed ones included)
     * @param failures operations that failed
     * @param total operations planned, empty for a timed run
     * @param elapsed time since start
     * @param planned planned duration of a timed run, else zero
     */
    void update(long done, long failures, OptionalLong total, Duration elapsed, Duration planned);

    /** The run ended. */
    void finish();

    ProgressListener NONE = new ProgressListener() {
        @Override
        public void update(long done, long failures, OptionalLong total, Duration elapsed, Duration planned) {}

        @Override
        public void finish() {}
    };
}
