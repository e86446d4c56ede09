package dev.o3.scm.safemode;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SCM starts in safe mode and leaves it once {@code minDatanodes} datanodes have registered, so that after a restart
 * it does not allocate blocks or create pipelines before the cluster has reported its state. Leaving runs the exit
 * action once (a pipeline creation round). Thread-safe.
 */
public final class SafeMode {
    private static final Logger LOG = LoggerFactory.getLogger(SafeMode.class);

    private final String logPrefix;
    private final int minDatanodes;
    private final Runnable onExit;
    private final AtomicBoolean inSafeMode = new AtomicBoolean(true);

    public SafeMode(String name, int minDatanodes, Runnable onExit) {
        this.logPrefix = "[" + Objects.requireNonNull(name, "name is null") + "] ";
        this.minDatanodes = minDatanodes;
        this.onExit = Objects.requireNonNull(onExit, "onExit is null");
    }

    /** Re-evaluates the exit rule after a registration. */
    public void datanodesRegistered(int registered) {
        if (registered >= minDatanodes && inSafeMode.compareAndSet(true, false)) {
            LOG.info("{}leaving safe mode: {} datanodes registered (need {})", logPrefix, registered, minDatanodes);
            onExit.run();
        }
    }

    /**
     * Leaves safe mode on an operator's request, whatever has registered; runs the exit action once.
     *
     * @return whether SCM was in safe mode
     */
    public boolean exit() {
        if (inSafeMode.compareAndSet(true, false)) {
            LOG.info("{}leaving safe mode on an operator's request", logPrefix);
            onExit.run();
            return true;
        }
        return false;
    }

    public boolean inSafeMode() {
        return inSafeMode.get();
    }

    /** Why SCM is (or is not) in safe mode, for admins. */
    public String reason(int registered) {
        return inSafeMode()
                ? "waiting for datanodes: " + registered + " of " + minDatanodes + " registered"
                : "out of safe mode";
    }
}
