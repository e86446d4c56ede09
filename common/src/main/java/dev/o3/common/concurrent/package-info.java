/**
 * Thread factories and executor helpers: every O3 thread is named after its component ({@link
 * dev.o3.common.concurrent.Threads}).
 */
package dev.o3.common.concurrent;
