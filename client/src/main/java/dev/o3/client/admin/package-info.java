/**
 * {@code ozone admin}: datanodes, pipelines, containers, safe mode and OM roles ({@link
 * dev.o3.client.admin.AdminCommand}), through SCM's admin service ({@link dev.o3.client.admin.ScmAdminClient}).
 */
package dev.o3.client.admin;
