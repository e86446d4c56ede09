package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.CompletedPart;
import dev.o3.s3gateway.backend.ObjectChecksum;
import dev.o3.s3gateway.backend.PartInfo;
import dev.o3.s3gateway.body.ChecksumAlgorithm;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The additional checksums of a multipart upload's parts at CompleteMultipartUpload, as S3 treats them: a checksum the
 * client lists for a part must be the one the part was uploaded with (else InvalidPart), and when every listed part
 * was uploaded with a checksum of one composable algorithm (CRC32, CRC32C, SHA1, SHA256) the object gets the composite
 * checksum: that algorithm over the concatenated binary part checksums, in base64, then {@code -} and the part count.
 * Stateless.
 */
final class PartChecksums {
    /** What marks a composite value, as S3 writes it. */
    static final char COMPOSITE_SEPARATOR = '-';

    private PartChecksums() {}

    /**
     * Checks the listed part checksums against the uploaded parts and returns the object's composite checksum, if the
     * parts have one. A listed part that was never uploaded is left to the backend (InvalidPart there).
     *
     * @throws S3Exception InvalidPart when a listed checksum differs from the part's
     */
    static Optional<ObjectChecksum> composite(List<CompletedPart> listed, List<PartInfo> uploaded) {
        Map<Integer, PartInfo> byNumber = new HashMap<>();
        uploaded.forEach(part -> byNumber.put(part.partNumber(), part));
        String algorithm = null;
        boolean composable = true;
        for (CompletedPart part : listed) {
            PartInfo stored = byNumber.get(part.partNumber());
            Optional<ObjectChecksum> storedSum = stored == null ? Optional.empty() : stored.checksum();
            if (part.checksum().isPresent()
                    && stored != null
                    && !part.checksum().equals(storedSum)) {
                throw new S3Exception(
                        S3ErrorCode.INVALID_PART,
                        "The " + part.checksum().get().algorithm() + " checksum of part " + part.partNumber()
                                + " is not the one the part was uploaded with.");
            }
            if (storedSum.isEmpty()
                    || (algorithm != null && !algorithm.equals(storedSum.get().algorithm()))) {
                composable = false;
            } else {
                algorithm = storedSum.get().algorithm();
            }
        }
        if (!composable || algorithm == null || algorithm.equals(ChecksumAlgorithm.CRC64NVME.name())) {
            return Optional.empty();
        }
        ChecksumAlgorithm.Running running = ChecksumAlgorithm.valueOf(algorithm).start();
        for (CompletedPart part : listed) {
            String value =
                    byNumber.get(part.partNumber()).checksum().orElseThrow().value();
            running.update(ByteBuffer.wrap(Base64.getDecoder().decode(value)));
        }
        return Optional.of(new ObjectChecksum(algorithm, running.base64() + COMPOSITE_SEPARATOR + listed.size()));
    }

    /** S3's {@code ChecksumType} of a stored object checksum. */
    static String type(ObjectChecksum checksum) {
        return checksum.value().indexOf(COMPOSITE_SEPARATOR) >= 0 ? "COMPOSITE" : "FULL_OBJECT";
    }
}
