package dev.o3.om.volume;

import dev.o3.om.db.KeyOrder;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.ListVolumesRequest;
import dev.o3.proto.om.ListVolumesResponse;
import dev.o3.proto.om.VolumeInfo;
import dev.o3.server.db.KeyValue;
import java.util.List;

/** Volume reads: info and paged listing in name order. Stateless. */
public final class VolumeReads {
    private VolumeReads() {}

    public static VolumeInfo info(ReadView view, String name) throws OmException {
        return Lookups.volume(view, name);
    }

    public static ListVolumesResponse list(ReadView view, ListVolumesRequest request) {
        int max = request.getMaxResults() == 0 ? 1000 : Math.min(request.getMaxResults(), 1000);
        String prefix = RowKeys.volume(request.getPrefix());
        String from = request.getStartAfter().isEmpty()
                ? prefix
                : KeyOrder.successor(RowKeys.volume(request.getStartAfter()));
        if (KeyOrder.compare(from, prefix) < 0) {
            from = prefix;
        }
        ListVolumesResponse.Builder response = ListVolumesResponse.newBuilder();
        while (response.getVolumesCount() < max) {
            List<KeyValue<String, VolumeInfo>> rows = view.scan(OmSchema.VOLUMES, prefix, from, max);
            for (KeyValue<String, VolumeInfo> row : rows) {
                from = KeyOrder.successor(row.key());
                boolean owned = request.getOwner().isEmpty()
                        || request.getOwner().equals(row.value().getOwner());
                if (owned && response.getVolumesCount() < max) {
                    response.addVolumes(row.value());
                }
            }
            if (rows.size() < max) {
                break;
            }
        }
        return response.build();
    }
}
