/**
 * OM's RocksDB namespace: the {@link dev.o3.om.db.OmSchema} tables behind an applied-state cache ({@link
 * dev.o3.om.db.CachedTable}), persisted in batches by the {@link dev.o3.om.db.DoubleBuffer}; entry class {@link
 * dev.o3.om.db.OmStore}.
 */
package dev.o3.om.db;
