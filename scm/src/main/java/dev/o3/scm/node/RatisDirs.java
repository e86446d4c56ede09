package dev.o3.scm.node;

/**
 * The Raft log directories a datanode last reported: how many serve and how many failed. A node whose log directory
 * failed gets a lower pipeline limit ({@code ScmConfig#pipelineLimitFor}).
 *
 * @param healthy directories that serve
 * @param failed directories whose Raft log writes failed
 */
public record RatisDirs(int healthy, int failed) {
    /** What a node that reported no directories has. */
    public static final RatisDirs NONE = new RatisDirs(0, 0);

    public RatisDirs {
        if (healthy < 0 || failed < 0) {
            throw new IllegalArgumentException(
                    "negative Ratis dir count: " + healthy + " healthy, " + failed + " failed");
        }
    }
}
