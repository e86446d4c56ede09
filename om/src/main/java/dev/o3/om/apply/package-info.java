/**
 * Applies logged transactions: {@link dev.o3.om.apply.TransactionApplier} picks the {@link
 * dev.o3.om.request.WriteRequest} of each request kind (registered in {@link dev.o3.om.operation.WriteOperations})
 * and publishes its writes or records the refusal.
 */
package dev.o3.om.apply;
