/**
 * Component lifecycles: {@link dev.o3.server.lifecycle.LifeCycle} checks every state transition so a component cannot
 * be started twice or used after close; {@link dev.o3.server.lifecycle.Daemon} is what every server exposes, and
 * {@link dev.o3.server.lifecycle.DaemonLifecycle} is the start and close-once every daemon implements it with.
 */
package dev.o3.server.lifecycle;
