/**
 * OM's client of SCM's block service: {@link dev.o3.om.scm.ScmBlockClient}.
 */
package dev.o3.om.scm;
