/**
 * Runs operations on a pool of threads for a count or a duration, recording every latency in an HdrHistogram and
 * counting failures ({@link dev.o3.freon.runner.LoadRunner}), with a progress bar or periodic progress lines.
 */
package dev.o3.freon.runner;
