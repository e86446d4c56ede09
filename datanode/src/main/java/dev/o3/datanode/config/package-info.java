/**
 * Datanode configuration: keys ({@link dev.o3.datanode.config.DatanodeConfigKeys}) and the typed record ({@link
 * dev.o3.datanode.config.DatanodeConfig}).
 */
package dev.o3.datanode.config;
