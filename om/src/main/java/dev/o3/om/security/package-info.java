/**
 * Block tokens: HMAC-SHA256 grants OM issues on block locations and datanodes verify ({@link
 * dev.o3.om.security.BlockTokenSigner}).
 */
package dev.o3.om.security;
