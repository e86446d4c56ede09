/**
 * Component lifecycles: {@link dev.o3.server.lifecycle.LifeCycle} checks every state transition so a component cannot
 * be started twice or used after close; {@link dev.o3.server.lifecycle.Daemon} is what every server exposes.
 */
package dev.o3.server.lifecycle;
