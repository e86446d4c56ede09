/**
 * Data volumes ({@code hdds.datanode.dir}): {@link dev.o3.datanode.volume.VolumeSet} chooses a volume for each new
 * container and takes failed ones out of service; each {@link dev.o3.datanode.volume.DataVolume} holds one RocksDB
 * ({@link dev.o3.datanode.volume.VolumeSchema}) and the containers' block files.
 */
package dev.o3.datanode.volume;
