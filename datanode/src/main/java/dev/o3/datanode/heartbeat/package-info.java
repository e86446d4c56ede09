/**
 * Datanode to SCM: {@link dev.o3.datanode.heartbeat.HeartbeatService} registers, heartbeats with reports ({@link
 * dev.o3.datanode.heartbeat.ReportBuilder}) and runs the commands SCM returns.
 */
package dev.o3.datanode.heartbeat;
