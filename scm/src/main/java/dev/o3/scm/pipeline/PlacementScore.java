package dev.o3.scm.pipeline;

/**
 * How good a set of pipelines is, in order of importance: more pipelines, then fewer without 2+1 racks, then a
 * smaller spread of leaderships over the healthy datanodes (max minus min).
 */
record PlacementScore(int pipelines, int rackFallbacks, int leaderSpread) {
    boolean betterThan(PlacementScore other) {
        if (pipelines != other.pipelines) {
            return pipelines > other.pipelines;
        }
        if (rackFallbacks != other.rackFallbacks) {
            return rackFallbacks < other.rackFallbacks;
        }
        return leaderSpread < other.leaderSpread;
    }
}
