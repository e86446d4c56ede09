/**
 * Pure Multi-Raft pipeline placement: {@link dev.o3.scm.pipeline.placement.PipelinePlacement} decides which datanodes
 * form each new RATIS/THREE pipeline (2+1 racks, balanced participation) and which member leads it. No I/O, no clock.
 */
package dev.o3.scm.pipeline.placement;
