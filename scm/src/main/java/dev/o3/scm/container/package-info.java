/**
 * Containers on pipelines: allocation, OPEN -> CLOSING -> CLOSED, replicas from datanode reports; entry class
 * {@link dev.o3.scm.container.ContainerManager}.
 */
package dev.o3.scm.container;
