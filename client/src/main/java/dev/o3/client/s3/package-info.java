/** {@code ozone s3}: S3 credentials of users ({@link dev.o3.client.s3.S3Command}). */
package dev.o3.client.s3;
