/**
 * S3 gateway configuration: keys ({@link dev.o3.s3gateway.config.S3GatewayConfigKeys}) and the typed record
 * ({@link dev.o3.s3gateway.config.S3GatewayConfig}).
 */
package dev.o3.s3gateway.config;
