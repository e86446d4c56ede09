/**
 * Keys: the bucket-layout strategy ({@link dev.o3.om.key.KeyLayout}), the OBJECT_STORE layout, and the key
 * requests (create, allocate block, commit, delete, rename, tags) with usage and quota accounting.
 */
package dev.o3.om.key;
