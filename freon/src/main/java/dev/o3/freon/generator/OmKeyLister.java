package dev.o3.freon.generator;

import dev.o3.client.api.KeyInfo;
import dev.o3.client.api.OzoneBucket;
import dev.o3.freon.runner.Operation;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code omkl}: lists the keys under the prefix page by page, each operation one page continuing where the last one
 * ended and starting over after the last page, so ops/s is pages/s and the latency is a page's. Threads share the
 * position: with more than one, pages are still each a full page of the prefix, in no fixed order.
 */
@Command(
        name = "omkl",
        aliases = "om-key-lister",
        mixinStandardHelpOptions = true,
        description = "List the keys under PREFIX/ page by page (ops/s = pages/s), from the start again after the"
                + " last page: OM listing throughput.")
public final class OmKeyLister extends BucketGenerator {
    @Option(names = "--page", defaultValue = "1000", description = "Keys per page (default: ${DEFAULT-VALUE}).")
    private int page;

    private final AtomicReference<String> startAfter = new AtomicReference<>("");

    @Override
    void validate() {
        if (page <= 0) {
            throw new IllegalArgumentException("--page must be positive, got " + page);
        }
    }

    @Override
    Operation operation(OzoneBucket bucket) {
        String prefix = keyPrefix();
        return index -> {
            String after = startAfter.get();
            List<KeyInfo> keys = bucket.listKeys(prefix, after, page);
            startAfter.compareAndSet(
                    after, keys.size() < page ? "" : keys.get(keys.size() - 1).name());
            return 0;
        };
    }
}
