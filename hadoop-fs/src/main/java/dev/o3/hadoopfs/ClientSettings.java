package dev.o3.hadoopfs;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.ConfigRegistry;
import dev.o3.common.config.OzoneConfiguration;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The O3 client's configuration from a Hadoop one: every key O3 knows (TLS trust, client tuning) is taken, other
 * Hadoop keys are not O3's and are left out.
 */
final class ClientSettings {
    private ClientSettings() {}

    /**
     * @param omAddress the OM address(es) of the file system's URI, empty to keep the configuration's
     */
    static OzoneConfiguration from(Configuration conf, String omAddress) {
        ConfigRegistry registry = ConfigRegistry.loadInstalled();
        Map<String, String> values = new HashMap<>();
        for (Map.Entry<String, String> entry : conf) {
            if (registry.find(entry.getKey()).isPresent()) {
                values.put(entry.getKey(), conf.get(entry.getKey()));
            }
        }
        if (!omAddress.isEmpty()) {
            values.put(CommonConfigKeys.OM_ADDRESS.name(), omAddress);
        }
        return OzoneConfiguration.of(values);
    }
}
