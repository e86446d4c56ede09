/** Block token checks on the datanode's read service and pipelines ({@link dev.o3.datanode.security.BlockAccess}). */
package dev.o3.datanode.security;
