/**
 * SCM's certificate authority: the cluster's root CA (created on SCM's first start, kept in its metadata dir), which
 * signs the certificates of OMs, datanodes and S3 gateways, and the bootstrap-secret proof that a certificate request
 * and the CA's answer must carry (docs/security.md).
 */
package dev.o3.server.security.ca;
