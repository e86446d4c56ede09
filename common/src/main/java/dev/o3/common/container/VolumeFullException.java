package dev.o3.common.container;

import java.io.IOException;

/**
 * A pipeline leader's refusal of a chunk write because the container's volume is full ({@code
 * hdds.datanode.volume.min.free.space}). Checked, so the datanode's Ratis state machine can refuse the write with it
 * before it is logged; Ratis rebuilds it on the client from its class name and message, which is why it keeps the
 * single-String constructor. The client sees it as DISK_OUT_OF_SPACE and writes the block elsewhere.
 */
public final class VolumeFullException extends IOException {
    private static final long serialVersionUID = 1L;

    public VolumeFullException(String message) {
        super(message);
    }
}
