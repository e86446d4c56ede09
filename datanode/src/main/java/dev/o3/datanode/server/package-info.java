/**
 * The datanode daemon: {@link dev.o3.datanode.server.DatanodeServer} wires volumes, containers, the Ratis server, the
 * read service, the scanner and the SCM heartbeat.
 */
package dev.o3.datanode.server;
