/**
 * Security shared by clients and servers: block tokens, the HMAC-SHA256 grants OM issues on block locations and
 * datanodes check before serving a block ({@link dev.o3.common.security.BlockTokenSigner}, under SCM's rotated {@link
 * dev.o3.common.security.BlockTokenKeys}); and the signatures of native calls in secure mode ({@link
 * dev.o3.common.security.RequestSignature}) with the user credentials they are made with ({@link
 * dev.o3.common.security.CredentialFile}).
 */
package dev.o3.common.security;
