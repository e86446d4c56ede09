/**
 * CRC32C checksums over fixed-size slices of data ({@link dev.o3.common.checksum.Crc32cChecksum}), the unit of
 * integrity checking on write, read, scan and replication.
 */
package dev.o3.common.checksum;
