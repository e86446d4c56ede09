/**
 * Hadoop's FileSystem contract tests (the JUnit 4 {@code AbstractContract*Test} classes of hadoop-common's test jar,
 * run by the vintage engine) against {@code ofs://} on one shared cluster; {@code contract/ofs.xml} states the
 * semantics they check. The only JUnit 4 code of the project, because the contract suite is JUnit 4.
 */
package dev.o3.test.contract;
