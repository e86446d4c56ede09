package dev.o3.faults;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * Faults of a datanode's disks: a full volume (its tmpfs filled by one file), a failed volume (an empty read-only
 * file system mounted over it), and damaged block files (bytes flipped, or cut short). At most one replica of a
 * container is damaged per run, so two good replicas always remain to repair it from.
 */
final class DiskFaults {
    private final ClusterSpec spec;
    private final Map<String, String> damagedContainers = new HashMap<>();

    DiskFaults(ClusterSpec spec) {
        this.spec = spec;
    }

    /**
     * Fills the datanode's tmpfs volume with one file, written until the file system refuses more (the datanode
     * writes to the volume meanwhile, so no size measured beforehand fits exactly); returns the file to {@link
     * #empty}.
     */
    Path fill(int datanode) throws IOException {
        Path filler = spec.volume(datanode, 1).resolve("filler");
        ByteBuffer block = ByteBuffer.allocate(1 << 20);
        try (FileChannel out = FileChannel.open(filler, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            while (true) {
                block.clear();
                out.write(block);
            }
        } catch (IOException full) {
            if (Files.getFileStore(filler.getParent()).getUsableSpace() > (1 << 20)) {
                throw full;
            }
        }
        return filler;
    }

    void empty(Path filler) throws IOException {
        Files.deleteIfExists(filler);
    }

    /** Mounts an empty read-only file system over the datanode's first volume: its files are gone, writes fail. */
    Path failVolume(int datanode) throws IOException, InterruptedException {
        Path data = spec.volume(datanode, 0).resolve("data");
        Shell.check("mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", data.toString());
        return data;
    }

    void restoreVolume(Path data) throws IOException, InterruptedException {
        Shell.check("umount", "-l", data.toString());
    }

    /**
     * Damages one block file of the datanode, in a container no other datanode's replica of which was damaged:
     * flips 16 bytes in the middle, or cuts the file to half its length.
     *
     * @return the damaged file, or empty when the datanode holds no eligible block file yet
     */
    Optional<Path> damageBlock(int datanode, SplittableRandom random, boolean truncate) throws IOException {
        String owner = "dn" + (datanode + 1);
        List<Path> blocks;
        try (Stream<Path> files = Files.walk(spec.datanodeDirectory(datanode))) {
            blocks = files.filter(path -> path.getFileName().toString().endsWith(".block"))
                    .filter(path -> owner.equals(damagedContainers.getOrDefault(container(path), owner)))
                    .filter(path -> size(path) > 32)
                    .sorted()
                    .toList();
        }
        if (blocks.isEmpty()) {
            return Optional.empty();
        }
        Path block = blocks.get(random.nextInt(blocks.size()));
        damagedContainers.put(container(block), owner);
        try (RandomAccessFile file = new RandomAccessFile(block.toFile(), "rw")) {
            long length = file.length();
            if (truncate) {
                file.setLength(length / 2);
            } else {
                byte[] bytes = new byte[16];
                long offset = length / 2 - 8;
                file.seek(offset);
                file.readFully(bytes);
                for (int i = 0; i < bytes.length; i++) {
                    bytes[i] = (byte) ~bytes[i];
                }
                file.seek(offset);
                file.write(bytes);
            }
        }
        return Optional.of(block);
    }

    private static String container(Path block) {
        return block.getParent().getFileName().toString();
    }

    private static long size(Path path) {
        try {
            return Files.size(path);
        } catch (IOException gone) {
            return 0;
        }
    }
}
