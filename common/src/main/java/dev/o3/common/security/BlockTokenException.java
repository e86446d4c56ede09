package dev.o3.common.security;

import java.io.IOException;

/**
 * A block token that is missing, forged, expired or for another block or mode. Checked, so the datanode's Ratis
 * state machine can refuse a write with it; Ratis rebuilds it on the client from its class name and message, which is
 * why it keeps the single-String constructor.
 */
public final class BlockTokenException extends IOException {
    private static final long serialVersionUID = 1L;

    public BlockTokenException(String message) {
        super(message);
    }
}
