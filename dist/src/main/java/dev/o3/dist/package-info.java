/**
 * The {@code ozone} launcher: one picocli command tree ({@link dev.o3.dist.OzoneCommand}) with the daemons, the shells,
 * freon and {@code ozone local}; {@link dev.o3.dist.Ozone} is the process entry point.
 */
package dev.o3.dist;
