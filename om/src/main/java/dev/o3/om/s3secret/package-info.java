/**
 * S3 secrets per user: get (creating on demand) and revoke.
 */
package dev.o3.om.s3secret;
