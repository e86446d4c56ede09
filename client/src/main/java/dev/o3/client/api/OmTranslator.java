package dev.o3.client.api;

import dev.o3.common.acl.CannedAcl;
import dev.o3.proto.hdds.KeyValue;
import dev.o3.proto.hdds.ReplicationFactor;
import dev.o3.proto.om.BucketVersioning;
import dev.o3.proto.om.ListKeyVersionsResponse;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Maps OM protocol messages to the API's records; the only place of this package that reads OM protos. */
final class OmTranslator {
    private OmTranslator() {}

    static VolumeInfo volume(dev.o3.proto.om.VolumeInfo proto) {
        return new VolumeInfo(
                proto.getName(),
                proto.getOwner(),
                proto.getQuotaInBytes(),
                proto.getQuotaInNamespace(),
                proto.getUsedBytes(),
                Instant.ofEpochMilli(proto.getCreationTimeMillis()));
    }

    static BucketInfo bucket(dev.o3.proto.om.BucketInfo proto) {
        return new BucketInfo(
                proto.getVolume(),
                proto.getName(),
                proto.getOwner(),
                proto.getLayout().name(),
                factor(proto.getReplication().getFactor()),
                proto.getUsedBytes(),
                proto.getUsedNamespace(),
                Instant.ofEpochMilli(proto.getCreationTimeMillis()),
                CannedAcl.parse(proto.getAcl()),
                versioning(proto.getVersioning()));
    }

    static KeyInfo key(dev.o3.proto.om.KeyInfo proto) {
        return new KeyInfo(
                proto.getVolume(),
                proto.getBucket(),
                proto.getName(),
                proto.getSize(),
                factor(proto.getReplication().getFactor()),
                proto.getEtag(),
                map(proto.getMetadataList()),
                map(proto.getTagsList()),
                proto.getContentType(),
                Instant.ofEpochMilli(proto.getCreationTimeMillis()),
                Instant.ofEpochMilli(proto.getModificationTimeMillis()),
                proto.getVersionId());
    }

    static KeyVersionPage versions(ListKeyVersionsResponse page) {
        return new KeyVersionPage(
                page.getVersionsList().stream()
                        .map(version -> new KeyVersionInfo(
                                key(version.getKey()), version.getKey().getDeleteMarker(), version.getLatest()))
                        .toList(),
                page.getCommonPrefixesList(),
                page.getTruncated(),
                page.getNextKeyMarker(),
                page.getNextVersionIdMarker());
    }

    /** S3's names of the versioning states; empty when never enabled. */
    static String versioning(BucketVersioning versioning) {
        return switch (versioning) {
            case VERSIONING_ENABLED -> "Enabled";
            case VERSIONING_SUSPENDED -> "Suspended";
            case VERSIONING_UNSET, UNRECOGNIZED -> "";
        };
    }

    static Map<String, String> map(List<KeyValue> pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        pairs.forEach(pair -> map.put(pair.getKey(), pair.getValue()));
        return map;
    }

    static List<KeyValue> pairs(Map<String, String> map) {
        return map.entrySet().stream()
                .map(entry -> KeyValue.newBuilder()
                        .setKey(entry.getKey())
                        .setValue(entry.getValue())
                        .build())
                .toList();
    }

    static ReplicationFactor factor(int factor) {
        return factor == 1 ? ReplicationFactor.ONE : ReplicationFactor.THREE;
    }

    static int factor(ReplicationFactor factor) {
        return factor == ReplicationFactor.ONE ? 1 : 3;
    }
}
