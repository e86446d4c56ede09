/**
 * Block allocation over open pipelines and containers ({@link dev.o3.scm.block.BlockManager}) and the deleted-block
 * log that hands deleted keys' blocks to datanodes ({@link dev.o3.scm.block.DeletedBlockLog}).
 */
package dev.o3.scm.block;
