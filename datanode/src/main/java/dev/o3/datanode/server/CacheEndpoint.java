package dev.o3.datanode.server;

import dev.o3.datanode.cache.CacheMode;
import dev.o3.datanode.cache.ReadCache;
import dev.o3.server.http.JsonEndpoint;
import java.util.Map;
import java.util.Objects;

/**
 * {@code /cache} on the datanode's HTTP port, used by {@code ozone admin datanode cache}: GET answers the SSD read
 * cache's status, {@code POST /cache?mode=enabled|shadow|disabled} switches its mode and answers the new status.
 */
final class CacheEndpoint implements JsonEndpoint {
    static final String PATH = "/cache";

    private final ReadCache cache;

    CacheEndpoint(ReadCache cache) {
        this.cache = Objects.requireNonNull(cache, "cache is null");
    }

    @Override
    public Object handle(String method, Map<String, String> query) throws EndpointException {
        if ("GET".equals(method)) {
            return cache.status();
        }
        String mode = query.get("mode");
        if (mode == null) {
            throw new EndpointException(400, "POST " + PATH + " needs mode=enabled|shadow|disabled");
        }
        try {
            return cache.setMode(CacheMode.named(mode));
        } catch (IllegalArgumentException e) {
            throw new EndpointException(400, "mode must be enabled, shadow or disabled: " + mode);
        } catch (IllegalStateException e) {
            throw new EndpointException(409, e.getMessage());
        }
    }
}
