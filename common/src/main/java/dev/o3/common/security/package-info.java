/**
 * Block tokens: the HMAC-SHA256 grants OM issues on block locations and datanodes check before serving a block
 * ({@link dev.o3.common.security.BlockTokenSigner}).
 */
package dev.o3.common.security;
