/**
 * Identifier generation: unique, roughly time-ordered ids for objects, blocks and transactions ({@link
 * dev.o3.om.id.UniqueIdGenerator}).
 */
package dev.o3.om.id;
