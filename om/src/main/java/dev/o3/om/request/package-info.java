/**
 * What every write request shares: the {@link dev.o3.om.request.WriteRequest} interface, the caller, error
 * codes ({@link dev.o3.om.request.OmException}), name rules and volume/bucket look-ups.
 */
package dev.o3.om.request;
