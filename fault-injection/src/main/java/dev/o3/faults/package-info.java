/**
 * The fault-injection campaign: a cluster of real {@code bin/ozone} daemons as processes, a mixed S3 and native
 * workload recorded as a history, faults chosen from a seed, and the checks that follow (acknowledged writes kept,
 * listings exact, single-key histories linearizable by Porcupine, the cluster healthy again on its own).
 */
package dev.o3.faults;
