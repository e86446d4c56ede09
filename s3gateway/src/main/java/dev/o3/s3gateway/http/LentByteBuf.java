package dev.o3.s3gateway.http;

import dev.o3.s3gateway.backend.LendingStream;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.buffer.UnpooledDirectByteBuf;

/**
 * Lent bytes as a Netty buffer: the loan ends when Netty releases the buffer, that is once the socket took its bytes
 * or the write failed, whichever pipeline path it took. The memory stays the lender's (never freed here).
 */
final class LentByteBuf extends UnpooledDirectByteBuf {
    private final Runnable release;

    LentByteBuf(LendingStream.Loan loan) {
        super(UnpooledByteBufAllocator.DEFAULT, loan.bytes(), loan.bytes().remaining());
        this.release = loan.release();
    }

    @Override
    protected void deallocate() {
        super.deallocate();
        release.run();
    }
}
