/**
 * The status HTTP server every daemon runs: {@code /prom}, {@code /status} and a small index page ({@link
 * dev.o3.server.http.StatusHttpServer}).
 */
package dev.o3.server.http;
