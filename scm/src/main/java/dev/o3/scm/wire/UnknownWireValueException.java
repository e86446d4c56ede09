package dev.o3.scm.wire;

/**
 * A protobuf message carries an enum value SCM does not know (unset, from a newer peer, or one SCM never tracks), so
 * it cannot be read without guessing.
 */
public final class UnknownWireValueException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    UnknownWireValueException(String what, Enum<?> value, int number) {
        super("unknown " + what + " " + value + " (" + number + ")");
    }
}
