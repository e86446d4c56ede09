package dev.o3.client.api;

import java.util.List;
import java.util.Optional;

/**
 * One page of a directory's children, in name order.
 *
 * @param entries the children
 * @param nextStartAfter where the next page starts, empty on the last page
 */
public record DirectoryPage(List<PathStatus> entries, Optional<String> nextStartAfter) {
    public DirectoryPage {
        entries = List.copyOf(entries);
    }
}
