/**
 * Pieces every O3 command line shares: configuration options ({@link dev.o3.client.cli.ConfigOptions}), paths like
 * {@code /vol/bucket/key} ({@link dev.o3.client.cli.OzonePath}) and JSON output.
 */
package dev.o3.client.cli;
