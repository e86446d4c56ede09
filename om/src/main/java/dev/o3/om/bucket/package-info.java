/**
 * Buckets: create, delete (refused while not empty), canned ACLs, and bucket reads ({@link
 * dev.o3.om.bucket.BucketReads}).
 */
package dev.o3.om.bucket;
