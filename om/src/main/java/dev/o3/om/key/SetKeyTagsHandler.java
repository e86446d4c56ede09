package dev.o3.om.key;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.SetKeyTagsRequest;
import dev.o3.proto.om.SetKeyTagsResponse;

/** Replaces the tags of a committed key. */
public final class SetKeyTagsHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        SetKeyTagsRequest request = transaction.getSetKeyTags();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        Lookups.checkWrite(mutation, Lookups.caller(transaction), bucket);
        KeyLayout layout = KeyLayouts.of(bucket);
        KeyInfo key = layout.lookup(mutation, bucket, request.getName())
                .orElseThrow(() -> new OmException(OmStatus.KEY_NOT_FOUND, "key not found: " + request.getName()));
        layout.put(
                mutation,
                bucket,
                key.toBuilder().clearTags().addAllTags(request.getTagsList()).build());
        return SetKeyTagsResponse.getDefaultInstance();
    }
}
