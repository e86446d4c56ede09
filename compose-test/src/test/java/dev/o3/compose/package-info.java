/** Testcontainers tests of the docker-compose demo cluster ({@code docker-compose.yaml}) on the O3 image. */
package dev.o3.compose;
