package dev.o3.om.key;

import dev.o3.om.db.ReadView;
import dev.o3.om.request.Caller;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.ListKeysResponse;
import dev.o3.proto.om.OmStatus;

/** Key reads through the bucket's layout: lookup, listing and file status. Stateless. */
public final class KeyReads {
    private KeyReads() {}

    public static KeyInfo lookup(ReadView view, Caller caller, String volume, String bucket, String name)
            throws OmException {
        BucketInfo info = readable(view, caller, volume, bucket);
        KeyLayout layout = KeyLayouts.of(info);
        layout.checkName(name);
        return layout.lookup(view, info, name)
                .orElseThrow(() -> new OmException(
                        OmStatus.KEY_NOT_FOUND, "key not found: " + volume + "/" + bucket + "/" + name));
    }

    public static ListKeysResponse list(ReadView view, Caller caller, ListKeysRequest request) throws OmException {
        BucketInfo info = readable(view, caller, request.getVolume(), request.getBucket());
        return KeyLayouts.of(info).list(view, info, request);
    }

    public static KeyInfo status(ReadView view, Caller caller, String volume, String bucket, String path)
            throws OmException {
        BucketInfo info = readable(view, caller, volume, bucket);
        return KeyLayouts.of(info).status(view, info, path);
    }

    private static BucketInfo readable(ReadView view, Caller caller, String volume, String bucket) throws OmException {
        BucketInfo info = Lookups.bucket(view, volume, bucket);
        Lookups.checkRead(view, caller, info);
        return info;
    }
}
