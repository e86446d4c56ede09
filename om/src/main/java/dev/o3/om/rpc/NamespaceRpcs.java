package dev.o3.om.rpc;

import dev.o3.om.bucket.BucketReads;
import dev.o3.om.volume.VolumeReads;
import dev.o3.proto.om.CreateBucketResponse;
import dev.o3.proto.om.CreateVolumeResponse;
import dev.o3.proto.om.DeleteBucketResponse;
import dev.o3.proto.om.DeleteVolumeResponse;
import dev.o3.proto.om.GetAclResponse;
import dev.o3.proto.om.InfoBucketResponse;
import dev.o3.proto.om.InfoVolumeResponse;
import dev.o3.proto.om.ListBucketsResponse;
import dev.o3.proto.om.ListVolumesResponse;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.ServiceInfoResponse;
import dev.o3.proto.om.SetBucketAclResponse;
import dev.o3.proto.om.SetVolumePropertyResponse;
import io.grpc.ServerServiceDefinition;
import java.util.function.Supplier;

/** Binds the volume, bucket and service-info RPCs. */
final class NamespaceRpcs {
    private NamespaceRpcs() {}

    static void bind(
            ServerServiceDefinition.Builder service,
            RpcCalls calls,
            LeaderPreparation preparation,
            Supplier<ServiceInfoResponse> serviceInfo) {
        service.addMethod(
                OzoneManagerServiceGrpc.getCreateVolumeMethod(),
                calls.write(
                        "CreateVolume",
                        (request, caller, transaction) -> transaction.setCreateVolume(request),
                        CreateVolumeResponse.class,
                        error -> CreateVolumeResponse.newBuilder()
                                .setError(error)
                                .build()));
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
        service.addMethod(
                OzoneManagerServiceGrpc.getDeleteVolumeMethod(),
                calls.write(
                        "DeleteVolume",
                        (request, caller, transaction) -> transaction.setDeleteVolume(request),
                        DeleteVolumeResponse.class,
                        error -> DeleteVolumeResponse.newBuilder()
                                .setError(error)
                                .build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getSetVolumePropertyMethod(),
                calls.write(
                        "SetVolumeProperty",
                        (request, caller, transaction) -> transaction.setSetVolumeProperty(request),
                        SetVolumePropertyResponse.class,
                        error -> SetVolumePropertyResponse.newBuilder()
                                .setError(error)
                                .build()));
        bindBuckets(service, calls, preparation);
        service.addMethod(
                OzoneManagerServiceGrpc.getServiceInfoMethod(),
                calls.read(
                        "ServiceInfo",
                        (request, view, caller) -> serviceInfo.get(),
                        error ->
                                ServiceInfoResponse.newBuilder().setError(error).build()));
    }

    private static void bindBuckets(
            ServerServiceDefinition.Builder service, RpcCalls calls, LeaderPreparation preparation) {
        service.addMethod(
                OzoneManagerServiceGrpc.getCreateBucketMethod(),
                calls.write(
                        "CreateBucket",
                        preparation::createBucket,
                        CreateBucketResponse.class,
                        error -> CreateBucketResponse.newBuilder()
                                .setError(error)
                                .build()));
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
                OzoneManagerServiceGrpc.getDeleteBucketMethod(),
                calls.write(
                        "DeleteBucket",
                        (request, caller, transaction) -> transaction.setDeleteBucket(request),
                        DeleteBucketResponse.class,
                        error -> DeleteBucketResponse.newBuilder()
                                .setError(error)
                                .build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getSetBucketAclMethod(),
                calls.write(
                        "SetBucketAcl",
                        (request, caller, transaction) -> transaction.setSetBucketAcl(request),
                        SetBucketAclResponse.class,
                        error -> SetBucketAclResponse.newBuilder()
                                .setError(error)
                                .build()));
        service.addMethod(
                OzoneManagerServiceGrpc.getGetAclMethod(),
                calls.read(
                        "GetAcl",
                        (request, view, caller) -> BucketReads.acl(view, caller, request),
                        error -> GetAclResponse.newBuilder().setError(error).build()));
    }
}
