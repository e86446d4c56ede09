package dev.o3.hadoopfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.fs.InvalidPathException;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class TestOfsPath {
    @Test
    void splitsRootVolumeBucketAndKey() {
        assertThat(OfsPath.of(new Path("ofs://om:9862/")).isRoot()).isTrue();
        OfsPath volume = OfsPath.of(new Path("ofs://om:9862/vol"));
        assertThat(volume.isVolume()).isTrue();
        OfsPath bucket = OfsPath.of(new Path("ofs://om:9862/vol/b/"));
        assertThat(bucket.isBucket()).isTrue();
        assertThat(bucket.isVolume()).isFalse();
        OfsPath key = OfsPath.of(new Path("ofs://om:9862/vol/b/dir/file"));
        assertThat(key).isEqualTo(new OfsPath("vol", "b", "dir/file"));
        assertThat(key.parentKey()).isEqualTo("dir");
        assertThat(key.sameBucket(bucket)).isTrue();
        assertThat(key.sameBucket(OfsPath.of(new Path("/vol/other/x")))).isFalse();
        assertThat(key).hasToString("/vol/b/dir/file");
    }

    @Test
    void refusesDotSegments() {
        assertThatThrownBy(() -> OfsPath.of(new Path("ofs://om/../vol/b")))
                .isInstanceOf(InvalidPathException.class)
                .hasMessageContaining("'.' and '..'");
    }
}
