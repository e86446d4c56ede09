package dev.o3.scm.command;

/**
 * A datanode's result for a command it ran.
 *
 * @param commandId the command's id
 * @param success whether it succeeded
 */
public record CommandStatus(long commandId, boolean success) {}
