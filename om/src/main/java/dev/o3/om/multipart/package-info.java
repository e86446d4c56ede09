/**
 * S3 multipart uploads: initiate, write and commit parts, complete (order, ETag and size checks), abort, and the
 * part and upload listings.
 */
package dev.o3.om.multipart;
