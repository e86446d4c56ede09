/**
 * What every write request shares: the {@link dev.o3.om.request.WriteRequest} interface, the caller, error codes
 * ({@link dev.o3.om.request.OmException}), name rules and volume/bucket look-ups.
 *
 * <h2>How to add an OM write operation</h2>
 *
 * <ol>
 *   <li>om.proto: the request and response messages (the response with {@code OmError error = 1}), the rpc in
 *       {@code OzoneManagerService}, and the request in the {@code request} oneof of {@code OmTransaction} (a new
 *       field number; never reuse one).
 *   <li>A {@link dev.o3.om.request.WriteRequest} in the package of its concept (e.g. {@code om.key.FooHandler}):
 *       validate against the current state, throw {@link dev.o3.om.request.OmException} to refuse, record the writes
 *       in the mutation. Deterministic: anything random or time-dependent comes from the log entry.
 *   <li>One entry in {@link dev.o3.om.operation.WriteOperations}: the gRPC method, the request kind, the default
 *       response, the handler, and what the leader does before logging it: {@code logged(...)} when the request goes
 *       into the log as it is, {@code prepared(...)} for ids, secrets or defaults (a method of {@link
 *       dev.o3.om.operation.LeaderPreparation}), a {@code LeaderPreparation} method returning a future when it needs
 *       blocks from SCM; {@code .decorated(...)} when the response carries block tokens. That entry binds the RPC,
 *       registers the handler with the state machine, gives the retry cache the response type, and labels the request
 *       metrics ({@code operation="Foo"}, the method's name). {@code TestWriteOperations} fails until the entry exists.
 *   <li>Only if anonymous (unsigned S3) callers may use it: its name in {@code RpcCalls.ANONYMOUS_OPERATIONS}.
 *   <li>The client call in {@code client} (e.g. {@code OzoneBucket}), a handler test beside the others in
 *       {@code om/src/test/.../apply}, and a line in docs when users see it.
 * </ol>
 */
package dev.o3.om.request;
