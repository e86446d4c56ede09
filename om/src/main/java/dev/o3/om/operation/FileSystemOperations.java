package dev.o3.om.operation;

import dev.o3.om.key.HsyncKeyHandler;
import dev.o3.om.key.SetTimesHandler;
import dev.o3.proto.om.HsyncKeyRequest;
import dev.o3.proto.om.HsyncKeyResponse;
import dev.o3.proto.om.OmTransaction.RequestCase;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.SetTimesRequest;
import dev.o3.proto.om.SetTimesResponse;

/**
 * The write operations of Hadoop's file system semantics (hsync of an open key, setTimes), listed in {@link
 * WriteOperations} (kept apart for its fan-out).
 */
final class FileSystemOperations {
    static final WriteOperation<HsyncKeyRequest, HsyncKeyResponse> HSYNC_KEY = WriteOperation.client(
            OzoneManagerServiceGrpc.getHsyncKeyMethod(),
            RequestCase.HSYNC_KEY,
            HsyncKeyResponse.getDefaultInstance(),
            settings -> new HsyncKeyHandler(),
            WriteOperations.logged((transaction, request) -> transaction.setHsyncKey(request)));

    static final WriteOperation<SetTimesRequest, SetTimesResponse> SET_TIMES = WriteOperation.client(
            OzoneManagerServiceGrpc.getSetTimesMethod(),
            RequestCase.SET_TIMES,
            SetTimesResponse.getDefaultInstance(),
            settings -> new SetTimesHandler(),
            WriteOperations.logged((transaction, request) -> transaction.setSetTimes(request)));

    private FileSystemOperations() {}
}
