/**
 * SCM configuration: the keys ({@link dev.o3.scm.config.ScmConfigKeys}) and the typed record SCM starts from
 * ({@link dev.o3.scm.config.ScmConfig}).
 */
package dev.o3.scm.config;
