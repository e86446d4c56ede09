package dev.o3.test.contract;

import dev.o3.hadoopfs.RootedOzoneFileSystem;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.contract.AbstractFSContract;

/** {@code ofs://} as a contract: tests run in an FSO bucket of the shared cluster, with the options of ofs.xml. */
public class OfsContract extends AbstractFSContract {
    private static final Path TEST_ROOT = new Path("/contractvol/contractbucket/test");

    private FileSystem fs;

    public OfsContract(Configuration conf) {
        super(conf);
        addConfResource("contract/ofs.xml");
    }

    @Override
    public void init() throws IOException {
        super.init();
        Configuration conf = getConf();
        conf.set("fs.ofs.impl", RootedOzoneFileSystem.class.getName());
        fs = FileSystem.newInstance(
                URI.create(ContractCluster.scheme() + "://" + ContractCluster.authority() + "/"), conf);
        fs.mkdirs(TEST_ROOT.getParent());
    }

    @Override
    public FileSystem getTestFileSystem() {
        return fs;
    }

    @Override
    public String getScheme() {
        return ContractCluster.scheme();
    }

    @Override
    public Path getTestPath() {
        return TEST_ROOT;
    }
}
