/**
 * FILE_SYSTEM_OPTIMIZED buckets: a directory tree keyed by parent object id, so renaming or deleting a directory is
 * one row write; entry class {@link dev.o3.om.fso.FileSystemLayout}.
 */
package dev.o3.om.fso;
