/**
 * Taking datanodes out of service: decommission (copies elsewhere, then DECOMMISSIONED) and maintenance (enough
 * copies stay online while the node is away). Entry class: {@link dev.o3.scm.decommission.DatanodeAdminMonitor}.
 */
package dev.o3.scm.decommission;
