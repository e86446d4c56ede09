/**
 * Volumes: create (administrators), delete (when empty), owner and quota changes, and volume reads.
 */
package dev.o3.om.volume;
