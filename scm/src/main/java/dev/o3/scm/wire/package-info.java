/**
 * The one mapping between SCM's domain records and their protobuf forms, on the wire and in SCM's database: {@link
 * dev.o3.scm.wire.ScmProtoTranslator}. A wire value SCM does not know is an error ({@link
 * dev.o3.scm.wire.UnknownWireValueException}), never a default.
 */
package dev.o3.scm.wire;
