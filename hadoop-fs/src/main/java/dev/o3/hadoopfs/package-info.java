/**
 * Hadoop's FileSystem API over O3: {@link dev.o3.hadoopfs.RootedOzoneFileSystem} serves {@code ofs://}, whose first
 * two path levels are volumes and buckets and below them the directory tree of a FILE_SYSTEM_OPTIMIZED bucket. For
 * Hadoop jobs it issues delegation tokens, signs with one found in the job's credentials, and registers {@link
 * dev.o3.hadoopfs.O3TokenIdentifier} and {@link dev.o3.hadoopfs.O3TokenRenewer} so that YARN can decode, renew and
 * cancel them.
 */
package dev.o3.hadoopfs;
