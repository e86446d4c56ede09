/** The OM audit log: one line per client request to the {@code OMAudit} logger ({@link dev.o3.om.audit.OmAudit}). */
package dev.o3.om.audit;
