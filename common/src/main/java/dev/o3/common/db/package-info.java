/**
 * Typed RocksDB tables: a {@link dev.o3.common.db.DbSchema} declares each column family once with key and value
 * codecs; {@link dev.o3.common.db.Database} opens it and owns every native handle. The only package that may import
 * {@code org.rocksdb}.
 */
package dev.o3.common.db;
