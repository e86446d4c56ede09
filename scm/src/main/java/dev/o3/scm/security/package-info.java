/** SCM's part of secure mode: the block-token keys it generates, rotates and hands out ({@link
 * dev.o3.scm.security.SecretKeyManager}) and the container tokens it signs with them ({@link
 * dev.o3.scm.security.ContainerTokenIssuer}), handed out by {@code ScmContainerTokenService}. */
package dev.o3.scm.security;
