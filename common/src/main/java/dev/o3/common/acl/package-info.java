/**
 * Access control shared by OM and its clients: the canned ACLs of buckets and keys ({@link
 * dev.o3.common.acl.CannedAcl}) and whom each lets read and write.
 */
package dev.o3.common.acl;
