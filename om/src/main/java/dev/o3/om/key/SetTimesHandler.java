package dev.o3.om.key;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.SetTimesRequest;
import dev.o3.proto.om.SetTimesResponse;

/** Sets the modification and access times of a file or directory (Hadoop's setTimes); -1 leaves one unchanged. */
public final class SetTimesHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        SetTimesRequest request = transaction.getSetTimes();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        Lookups.checkWrite(mutation, Lookups.caller(transaction), bucket);
        String path = request.getPath().replaceAll("^/+|/+$", "");
        if (path.isEmpty()) {
            throw new OmException(OmStatus.INVALID_REQUEST, "setTimes needs a path inside bucket " + bucket.getName());
        }
        if (request.getModificationTimeMillis() < -1 || request.getAccessTimeMillis() < -1) {
            throw new OmException(OmStatus.INVALID_REQUEST, "a time is -1 (unchanged) or milliseconds since the epoch");
        }
        KeyLayouts.of(bucket)
                .setTimes(mutation, bucket, path, request.getModificationTimeMillis(), request.getAccessTimeMillis());
        return SetTimesResponse.getDefaultInstance();
    }
}
