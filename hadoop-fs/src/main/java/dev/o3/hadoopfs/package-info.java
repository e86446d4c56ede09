/**
 * Hadoop's FileSystem API over O3: {@link dev.o3.hadoopfs.RootedOzoneFileSystem} serves {@code ofs://}, whose first
 * two path levels are volumes and buckets and below them the directory tree of a FILE_SYSTEM_OPTIMIZED bucket.
 */
package dev.o3.hadoopfs;
