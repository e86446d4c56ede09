package dev.o3.hadoopfs;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.DelegateToFileSystem;

/**
 * {@code ofs://} for Hadoop's FileContext (set {@code fs.AbstractFileSystem.ofs.impl} to this class), as MapReduce and
 * YARN use it: every call goes to a {@link RootedOzoneFileSystem}.
 */
public class OzoneFs extends DelegateToFileSystem {
    public OzoneFs(URI uri, Configuration conf) throws IOException, URISyntaxException {
        super(uri, new RootedOzoneFileSystem(), conf, RootedOzoneFileSystem.SCHEME, false);
    }

    @Override
    public int getUriDefaultPort() {
        return -1;
    }
}
