/**
 * OM's gRPC client protocol: {@link dev.o3.om.rpc.OzoneManagerService} binds every RPC as a logged write or a
 * linearizable read, with leader checks and NOT_LEADER redirects.
 */
package dev.o3.om.rpc;
