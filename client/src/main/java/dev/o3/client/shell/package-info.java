/**
 * {@code ozone sh}: volume, bucket and key commands over the Java API ({@link dev.o3.client.shell.ShellCommand}).
 */
package dev.o3.client.shell;
