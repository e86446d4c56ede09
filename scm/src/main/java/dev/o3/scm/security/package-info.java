/** SCM's part of secure mode: the block-token keys it generates, rotates and hands out ({@link
 * dev.o3.scm.security.SecretKeyManager}). */
package dev.o3.scm.security;
