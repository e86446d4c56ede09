/**
 * What a freon run measured ({@link dev.o3.freon.report.LoadReport}): the printed summary, the JSON report and the
 * latency distribution plot ({@link dev.o3.freon.report.LatencyPlot}, PNG or SVG).
 */
package dev.o3.freon.report;
