/**
 * Commands SCM sends to datanodes in heartbeat responses: {@link dev.o3.scm.command.DatanodeCommand} and the
 * per-node {@link dev.o3.scm.command.CommandQueue}.
 */
package dev.o3.scm.command;
