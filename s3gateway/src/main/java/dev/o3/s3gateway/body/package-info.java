/**
 * Request bodies as a pull stream of buffers ({@link dev.o3.s3gateway.body.BodySource}): {@code aws-chunked}
 * decoding with chunk-signature and trailer checks ({@link dev.o3.s3gateway.body.AwsChunkedDecoder}) and payload
 * verification (SHA-256, Content-MD5, {@code x-amz-checksum-*}) in {@link dev.o3.s3gateway.body.VerifyingBody}, built
 * by {@link dev.o3.s3gateway.body.BodyDecoding}.
 */
package dev.o3.s3gateway.body;
