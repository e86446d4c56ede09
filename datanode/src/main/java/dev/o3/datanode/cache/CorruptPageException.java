package dev.o3.datanode.cache;

import java.io.IOException;

/** A page file whose header or data checksum does not match: the page is dropped, the read goes to the volume. */
final class CorruptPageException extends IOException {
    private static final long serialVersionUID = 1L;

    CorruptPageException(String message) {
        super(message);
    }
}
