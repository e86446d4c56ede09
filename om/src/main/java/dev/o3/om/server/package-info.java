/**
 * The OM daemon, {@link dev.o3.om.server.OzoneManagerServer}: wires and runs the components.
 */
package dev.o3.om.server;
