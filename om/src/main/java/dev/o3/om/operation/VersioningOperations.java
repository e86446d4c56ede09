package dev.o3.om.operation;

import dev.o3.om.bucket.SetBucketVersioningHandler;
import dev.o3.proto.om.OmTransaction.RequestCase;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.SetBucketVersioningRequest;
import dev.o3.proto.om.SetBucketVersioningResponse;

/** The write operations of S3 versioning, listed in {@link WriteOperations} (kept apart for its fan-out). */
final class VersioningOperations {
    static final WriteOperation<SetBucketVersioningRequest, SetBucketVersioningResponse> SET_BUCKET_VERSIONING =
            WriteOperation.client(
                    OzoneManagerServiceGrpc.getSetBucketVersioningMethod(),
                    RequestCase.SET_BUCKET_VERSIONING,
                    SetBucketVersioningResponse.getDefaultInstance(),
                    settings -> new SetBucketVersioningHandler(),
                    WriteOperations.logged((transaction, request) -> transaction.setSetBucketVersioning(request)));

    private VersioningOperations() {}
}
