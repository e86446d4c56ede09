/**
 * OM security: block tokens on the block locations OM hands out ({@link dev.o3.om.security.BlockTokens}) and, in
 * secure mode, the authentication of native calls by their signatures ({@link
 * dev.o3.om.security.RequestAuthenticator}).
 */
package dev.o3.om.security;
