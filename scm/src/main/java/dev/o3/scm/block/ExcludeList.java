package dev.o3.scm.block;

import java.util.Set;

/**
 * What a client asks block allocation to avoid after failures.
 *
 * @param datanodes failed datanode uuids
 * @param pipelines failed pipeline ids
 * @param containers failed container ids
 */
public record ExcludeList(Set<String> datanodes, Set<String> pipelines, Set<Long> containers) {
    public ExcludeList {
        datanodes = Set.copyOf(datanodes);
        pipelines = Set.copyOf(pipelines);
        containers = Set.copyOf(containers);
    }

    public static ExcludeList none() {
        return new ExcludeList(Set.of(), Set.of(), Set.of());
    }

    public boolean isEmpty() {
        return datanodes.isEmpty() && pipelines.isEmpty() && containers.isEmpty();
    }
}
