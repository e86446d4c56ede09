/**
 * The transport baseline every server can serve: {@link dev.o3.common.echo.EchoService} answers {@code Echo} calls
 * with no work beyond (de)serialisation, for load generators to compare real calls against.
 */
package dev.o3.common.echo;
