package dev.o3.om.rpc;

import dev.o3.om.multipart.MultipartReads;
import dev.o3.proto.om.ListMultipartUploadsResponse;
import dev.o3.proto.om.ListPartsResponse;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import io.grpc.ServerServiceDefinition;

/** Binds the multipart-upload listings (the writes are bound by {@link WriteRpcs}). */
final class MultipartRpcs {
    private MultipartRpcs() {}

    static void bind(ServerServiceDefinition.Builder service, RpcCalls calls) {
        service.addMethod(
                OzoneManagerServiceGrpc.getListPartsMethod(),
                calls.listing(
                        "ListParts",
                        (request, view, caller) -> MultipartReads.listParts(view, caller, request),
                        error -> ListPartsResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getListMultipartUploadsMethod(),
                calls.listing(
                        "ListMultipartUploads",
                        (request, view, caller) -> MultipartReads.listUploads(view, caller, request),
                        error -> ListMultipartUploadsResponse.newBuilder()
                                .setError(error)
                                .build()));
    }
}
