/** The Hadoop FileSystem for {@code ofs://} paths, over the O3 client (not built yet). */
package dev.o3.hadoopfs;
