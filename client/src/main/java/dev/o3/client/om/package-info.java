/**
 * The client side of the OM protocol: {@link dev.o3.client.om.OmClient} keeps persistent gRPC channels to every OM,
 * follows NOT_LEADER redirects and fails over when the leader goes away.
 */
package dev.o3.client.om;
