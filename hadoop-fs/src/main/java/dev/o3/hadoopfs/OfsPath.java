package dev.o3.hadoopfs;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.InvalidPathException;
import org.apache.hadoop.fs.Path;

/**
 * An {@code ofs://} path split into its levels: the root, a volume, a bucket, or a path inside a bucket.
 *
 * @param volume the volume, empty for the root
 * @param bucket the bucket, empty for the root or a volume
 * @param key the path inside the bucket without leading or trailing slash, empty for the bucket itself
 */
record OfsPath(String volume, String bucket, String key) {
    /**
     * @throws InvalidPathException for a '.' or '..' segment that Hadoop's Path left in (a '..' above the root)
     */
    static OfsPath of(Path path) {
        String raw = path.toUri().getPath();
        List<String> segments = new ArrayList<>();
        for (String segment : raw.split("/", -1)) {
            if (segment.isEmpty()) {
                continue;
            }
            if (segment.equals(".") || segment.equals("..")) {
                throw new InvalidPathException(
                        path.toString(), "'.' and '..' segments are not allowed (above the root)");
            }
            segments.add(segment);
        }
        String volume = segments.isEmpty() ? "" : segments.get(0);
        String bucket = segments.size() < 2 ? "" : segments.get(1);
        String key = segments.size() < 3 ? "" : String.join("/", segments.subList(2, segments.size()));
        return new OfsPath(volume, bucket, key);
    }

    boolean isRoot() {
        return volume.isEmpty();
    }

    boolean isVolume() {
        return !volume.isEmpty() && bucket.isEmpty();
    }

    boolean isBucket() {
        return !bucket.isEmpty() && key.isEmpty();
    }

    boolean isKey() {
        return !key.isEmpty();
    }

    /** Whether both paths are in the same bucket. */
    boolean sameBucket(OfsPath other) {
        return volume.equals(other.volume) && bucket.equals(other.bucket);
    }

    /** The key's parent inside the bucket, "" at the bucket's top level. */
    String parentKey() {
        int slash = key.lastIndexOf('/');
        return slash < 0 ? "" : key.substring(0, slash);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("/").append(volume);
        if (!bucket.isEmpty()) {
            text.append('/').append(bucket);
        }
        if (!key.isEmpty()) {
            text.append('/').append(key);
        }
        return text.toString();
    }
}
