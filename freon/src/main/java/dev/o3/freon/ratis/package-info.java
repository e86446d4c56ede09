/**
 * Raw Ratis load for freon: {@link dev.o3.freon.ratis.AppendGroup} runs a small Raft group with a no-op state machine
 * in this process, so the log's own append rate can be compared with the OM's writes on the same disk.
 */
package dev.o3.freon.ratis;
