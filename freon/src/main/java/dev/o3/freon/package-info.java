/** Freon, the load generator: generators such as {@code ockg} with progress, percentiles and reports (issue #7). */
package dev.o3.freon;
