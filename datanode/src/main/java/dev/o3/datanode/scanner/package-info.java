/**
 * Background verification of closed containers' checksums: {@link dev.o3.datanode.scanner.ContainerScanner} marks
 * corrupt replicas UNHEALTHY so SCM re-replicates them.
 */
package dev.o3.datanode.scanner;
