/**
 * Freon, the load generator: {@link dev.o3.freon.FreonCommand} and its generators ({@code ockg}, {@code ockr},
 * {@code omkg}, {@code omkr}), each run by {@link dev.o3.freon.runner.LoadRunner} and summarized by {@link
 * dev.o3.freon.report.LoadReport}.
 */
package dev.o3.freon;
