/** SCM safe mode: no block allocation until enough datanodes registered; {@link dev.o3.scm.safemode.SafeMode}. */
package dev.o3.scm.safemode;
