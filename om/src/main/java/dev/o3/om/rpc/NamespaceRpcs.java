package dev.o3.om.rpc;

import dev.o3.om.bucket.BucketReads;
import dev.o3.om.volume.VolumeReads;
import dev.o3.proto.om.GetAclResponse;
import dev.o3.proto.om.GetBucketConfigResponse;
import dev.o3.proto.om.InfoBucketResponse;
import dev.o3.proto.om.InfoVolumeResponse;
import dev.o3.proto.om.ListBucketsResponse;
import dev.o3.proto.om.ListVolumesResponse;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.ServiceInfoResponse;
import io.grpc.ServerServiceDefinition;
import java.util.function.Supplier;

/** Binds the volume, bucket and service-info reads (the writes are bound by {@link WriteRpcs}). */
final class NamespaceRpcs {
    private NamespaceRpcs() {}

    static void bind(
            ServerServiceDefinition.Builder service, RpcCalls calls, Supplier<ServiceInfoResponse> serviceInfo) {
        service.addMethod(
                OzoneManagerServiceGrpc.getInfoVolumeMethod(),
                calls.read(
                        "InfoVolume",
                        (request, view, caller) -> InfoVolumeResponse.newBuilder()
                                .setVolume(VolumeReads.info(view, request.getName()))
                                .build(),
                        error -> InfoVolumeResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getListVolumesMethod(),
                calls.listing(
                        "ListVolumes",
                        (request, view, caller) -> VolumeReads.list(view, request),
                        error ->
                                ListVolumesResponse.newBuilder().setError(error).build()));
        bindBuckets(service, calls);
        service.addMethod(
                OzoneManagerServiceGrpc.getServiceInfoMethod(),
                calls.local("ServiceInfo", request -> serviceInfo.get(), error -> ServiceInfoResponse.newBuilder()
                        .setError(error)
                        .build()));
    }

    private static void bindBuckets(ServerServiceDefinition.Builder service, RpcCalls calls) {
        service.addMethod(
                OzoneManagerServiceGrpc.getInfoBucketMethod(),
                calls.read(
                        "InfoBucket",
                        (request, view, caller) -> InfoBucketResponse.newBuilder()
                                .setBucket(BucketReads.info(view, caller, request.getVolume(), request.getName()))
                                .build(),
                        error -> InfoBucketResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getListBucketsMethod(),
                calls.listing(
                        "ListBuckets",
                        (request, view, caller) -> BucketReads.list(view, request),
                        error ->
                                ListBucketsResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getGetAclMethod(),
                calls.read(
                        "GetAcl",
                        (request, view, caller) -> BucketReads.acl(view, caller, request),
                        error -> GetAclResponse.newBuilder().setError(error).build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getGetBucketConfigMethod(),
                calls.read(
                        "GetBucketConfig",
                        (request, view, caller) -> BucketReads.config(view, caller, request),
                        error -> GetBucketConfigResponse.newBuilder()
                                .setError(error)
                                .build()));
    }
}
