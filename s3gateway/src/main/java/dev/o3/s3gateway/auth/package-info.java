/**
 * AWS Signature Version 4: {@link dev.o3.s3gateway.auth.SigV4Authenticator} checks header-signed and presigned
 * requests against secrets from the OM; {@link dev.o3.s3gateway.auth.ChunkSigner} continues the signature chain of
 * {@code aws-chunked} bodies.
 */
package dev.o3.s3gateway.auth;
