/** A MiniMRYarnCluster in a process of its own, for hadoop-jobs' tests of MapReduce on YARN. */
package dev.o3.test.yarn;
