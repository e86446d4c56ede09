/**
 * The S3 bucket configuration the gateway reads and writes for OM: bucket policies from JSON ({@link
 * dev.o3.s3gateway.bucketconfig.PolicyParser}), their public status, and CORS rule matching ({@link
 * dev.o3.s3gateway.bucketconfig.CorsRules}). OM stores the configuration and evaluates policies.
 */
package dev.o3.s3gateway.bucketconfig;
