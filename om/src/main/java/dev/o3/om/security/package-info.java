/** Block tokens on the block locations OM hands out ({@link dev.o3.om.security.BlockTokens}). */
package dev.o3.om.security;
