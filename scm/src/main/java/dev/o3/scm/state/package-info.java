/**
 * SCM's persistent state: {@link dev.o3.scm.state.ScmDbSchema} declares the RocksDB tables and
 * {@link dev.o3.scm.state.ScmStateStore} is the one place that changes pipelines, containers, sequences and the
 * deleted-block log.
 */
package dev.o3.scm.state;
