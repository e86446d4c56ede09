package dev.o3.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Client threads that run a mixed workload on a few keys until stopped: puts of 0 B to 20 MB through S3 or the
 * native client, S3 multipart uploads, deletes, gets and listings, each recorded in the {@link History}. Few active
 * keys make many operations overlap on each key, which is what a linearizability check needs; the {@link KeySpace}
 * replaces a key whose history is long enough. A client whose operation failed waits a moment before the next, as
 * a real client backs off, so an outage does not fill the history with failures.
 */
final class Workload {
    private static final Logger LOG = LoggerFactory.getLogger(Workload.class);

    private final long seed;
    private static final long BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    private final KeySpace keys;
    private final S3Store.Bucket s3;
    private final NativeStore ozone;
    private final History history;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final AtomicLong values = new AtomicLong();
    private final List<Thread> threads = new ArrayList<>();

    Workload(long seed, KeySpace keys, S3Store.Bucket s3, NativeStore ozone, History history) {
        this.seed = seed;
        this.keys = keys;
        this.s3 = s3;
        this.ozone = ozone;
        this.history = history;
    }

    void start(int clients) {
        for (int i = 0; i < clients; i++) {
            int client = i;
            Thread thread = new Thread(() -> run(client), "workload-" + i);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    /**
     * Stops the clients; each finishes its current operation, or is abandoned after {@code grace}: its write is
     * recorded with an unknown outcome and the history is frozen, so its late completion changes nothing.
     */
    void stop(Duration grace) throws InterruptedException {
        stopped.set(true);
        long deadline = System.nanoTime() + grace.toNanos();
        for (Thread thread : threads) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (thread.isAlive()) {
                LOG.warn("{} still in an operation after {}; its operation stays unknown", thread.getName(), grace);
                thread.interrupt();
            }
        }
        history.freeze();
    }

    private void run(int client) {
        SplittableRandom random = new SplittableRandom(seed * 31 + client);
        while (!stopped.get()) {
            KeyStore store = random.nextBoolean() ? s3 : ozone;
            int dice = random.nextInt(100);
            boolean ok;
            if (dice < 33) {
                ok = put(client, store, keys.pick(random), random, false);
            } else if (dice < 40) {
                ok = put(client, s3, keys.pick(random), random, true);
            } else if (dice < 52) {
                ok = delete(client, store, keys.pick(random));
            } else if (dice < 85) {
                ok = get(client, store, keys.pick(random));
            } else {
                ok = list(client, store);
            }
            if (!ok) {
                LockSupport.parkNanos(BACKOFF_NANOS);
            }
        }
    }

    private boolean put(int client, KeyStore store, String key, SplittableRandom random, boolean multipart) {
        long valueId = seed * 1_000_003L + values.incrementAndGet();
        byte[] data = Values.content(valueId, multipart ? random.nextInt(0, 4 * 1024 * 1024) : Values.size(random));
        String hash = Values.hash(data);
        history.sending(key, hash);
        String via = multipart ? "s3-multipart" : store.name();
        long call = history.now();
        Op attempt = new Op(client, key, "put", hash, call, -1, via, Op.Outcome.UNKNOWN, "abandoned");
        long id = history.begin(attempt);
        try {
            if (multipart) {
                s3.multipart(key, data);
            } else {
                store.put(key, data);
            }
            history.complete(id, new Op(client, key, "put", hash, call, history.now(), via, Op.Outcome.OK, ""));
            return true;
        } catch (Exception e) {
            writeFailed(id, store, attempt, e);
            return false;
        }
    }

    private boolean delete(int client, KeyStore store, String key) {
        long call = history.now();
        Op attempt = new Op(client, key, "delete", "", call, -1, store.name(), Op.Outcome.UNKNOWN, "abandoned");
        long id = history.begin(attempt);
        try {
            store.delete(key);
            history.complete(
                    id, new Op(client, key, "delete", "", call, history.now(), store.name(), Op.Outcome.OK, ""));
            return true;
        } catch (Exception e) {
            if (NativeStore.isKeyNotFound(e)) {
                history.complete(
                        id,
                        new Op(client, key, "deleteMissing", "", call, history.now(), store.name(), Op.Outcome.OK, ""));
                return true;
            }
            writeFailed(id, store, attempt, e);
            return false;
        }
    }

    private void writeFailed(long id, KeyStore store, Op attempt, Exception e) {
        Op.Outcome outcome = store.definitelyFailed(e) ? Op.Outcome.FAILED : Op.Outcome.UNKNOWN;
        if (outcome == Op.Outcome.UNKNOWN) {
            keys.unknownOutcome(attempt.key());
        }
        history.complete(
                id,
                new Op(
                        attempt.client(),
                        attempt.key(),
                        attempt.op(),
                        attempt.value(),
                        attempt.call(),
                        -1,
                        attempt.via(),
                        outcome,
                        describe(e)));
    }

    private boolean get(int client, KeyStore store, String key) {
        long call = history.now();
        try {
            Optional<String> hash = store.get(key);
            history.add(
                    new Op(client, key, "get", hash.orElse(""), call, history.now(), store.name(), Op.Outcome.OK, ""));
            return true;
        } catch (Exception e) {
            history.add(new Op(client, key, "get", "", call, -1, store.name(), Op.Outcome.FAILED, describe(e)));
            return false;
        }
    }

    /** A listing, recorded as one presence check of each key active when it was called. */
    private boolean list(int client, KeyStore store) {
        long call = history.now();
        List<String> active = keys.listed();
        try {
            Set<String> listed = store.list();
            long ret = history.now();
            for (String key : active) {
                history.add(Op.exists(client, key, listed.contains(key), call, ret, store.name()));
            }
            for (String key : listed) {
                if (!keys.used(key)) {
                    history.add(new Op(client, key, "foreign", "", call, ret, store.name(), Op.Outcome.OK, ""));
                }
            }
            return true;
        } catch (Exception e) {
            history.add(new Op(client, "*", "list", "", call, -1, store.name(), Op.Outcome.FAILED, describe(e)));
            return false;
        }
    }

    static String describe(Exception e) {
        String message = e.getClass().getSimpleName() + ": " + e.getMessage();
        return message.length() > 300 ? message.substring(0, 300) : message;
    }
}
