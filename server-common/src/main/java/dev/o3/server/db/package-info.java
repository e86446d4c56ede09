/**
 * Typed RocksDB tables: a {@link dev.o3.server.db.DbSchema} declares each column family once with key and value
 * codecs; {@link dev.o3.server.db.Database} opens it and owns every native handle. The only package that may import
 * {@code org.rocksdb}.
 */
package dev.o3.server.db;
