package dev.o3.datanode.replication;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.o3.datanode.container.Container;
import dev.o3.datanode.container.ContainerRecord;
import dev.o3.datanode.container.ContainerSet;
import dev.o3.datanode.container.ReplicaState;
import dev.o3.datanode.volume.BlockKey;
import dev.o3.datanode.volume.VolumeSchema;
import dev.o3.proto.container.BlockData;
import dev.o3.proto.hdds.ContainerState;
import dev.o3.proto.replication.BlockHeader;
import dev.o3.proto.replication.ContainerHeader;
import dev.o3.proto.replication.ContainerTrailer;
import dev.o3.proto.replication.ReplicationError;
import dev.o3.proto.replication.ReplicationFrame;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.DefaultFileRegion;
import io.netty.handler.stream.ChunkedNioFile;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves one container to the destination that connected (one instance per connection, on its event loop): after
 * the request it writes the header, then each block, then the trailer, and closes. It writes the next block only
 * while the channel is writable and once the previous block file went out, so its memory is the channel's high water
 * mark plus one block header, however slow the destination: a block file goes out as a {@link DefaultFileRegion}
 * (sendfile, no buffer) and the socket takes it only as fast as the destination reads; over TLS it goes out as a
 * {@link ChunkedNioFile}, a chunk at a time while the channel is writable.
 */
final class ContainerSender extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerSender.class);
    private static final int BLOCK_PAGE = 128;
    /** Bytes of a block file read at once when it cannot go out zero-copy. */
    private static final int CHUNK = 256 << 10;

    private final String logPrefix;
    private final ContainerSet containers;
    private final Semaphore streams;
    private final ReplicationMetrics metrics;
    private final boolean zeroCopy;
    private final Deque<BlockData> page = new ArrayDeque<>();

    private Container container;
    private boolean permitted;
    private boolean fileInFlight;
    private boolean moreBlocks = true;
    private boolean done;
    private boolean sent;
    private long nextLocalId;
    private long blocks;
    private long fileBytes;
    private long startNanos;

    /**
     * @param zeroCopy whether block files go out with sendfile; else (TLS) they are read a chunk at a time by the
     *     pipeline's {@link ChunkedWriteHandler}, which writes only while the channel is writable
     */
    ContainerSender(
            String logPrefix,
            ContainerSet containers,
            Semaphore streams,
            ReplicationMetrics metrics,
            boolean zeroCopy) {
        this.logPrefix = logPrefix;
        this.containers = containers;
        this.streams = streams;
        this.metrics = metrics;
        this.zeroCopy = zeroCopy;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf frame = (ByteBuf) msg;
        ReplicationFrame request;
        try {
            request = ReplicationFrame.parseFrom(frame.nioBuffer());
        } catch (InvalidProtocolBufferException e) {
            refuse(ctx, "bad request: " + e.getMessage());
            return;
        } finally {
            frame.release();
        }
        ctx.channel().config().setAutoRead(false);
        if (container != null || !request.hasRequest()) {
            refuse(ctx, "expected one replication request");
            return;
        }
        long containerId = request.getRequest().getContainerId();
        Optional<Container> found = containers.find(containerId);
        if (found.isEmpty()) {
            refuse(ctx, "container " + containerId + " is not on this datanode");
            return;
        }
        ReplicaState state = found.get().state();
        if (state != ReplicaState.CLOSED && state != ReplicaState.QUASI_CLOSED) {
            refuse(ctx, "container " + containerId + " is " + state + ", only closed containers are copied");
            return;
        }
        if (!streams.tryAcquire()) {
            refuse(ctx, "busy: this datanode serves as many containers as it may at once");
            return;
        }
        permitted = true;
        container = found.get();
        startNanos = System.nanoTime();
        metrics.started(ReplicationMetrics.OUT);
        LOG.info("[{}] sending {} to {}", logPrefix, container, ctx.channel().remoteAddress());
        ContainerRecord record = container.record();
        writeFrame(
                ctx,
                ReplicationFrame.newBuilder()
                        .setHeader(ContainerHeader.newBuilder()
                                .setContainerId(record.id())
                                .setState(ContainerState.forNumber(VolumeSchema.stateNumber(record.state())))
                                .setBlockCommitSequenceId(record.bcsid())
                                .setPipelineId(record.pipelineId())
                                .setUsedBytes(record.usedBytes())
                                .setBlockCount(record.blockCount()))
                        .build());
        pump(ctx);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (container != null) {
            pump(ctx);
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent) {
            LOG.warn(
                    "[{}] replication stream to {} idle: closing it",
                    logPrefix,
                    ctx.channel().remoteAddress());
            var unused = ctx.close();
        } else {
            ctx.fireUserEventTriggered(event);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (permitted) {
            permitted = false;
            streams.release();
            metrics.finished(ReplicationMetrics.OUT, sent, System.nanoTime() - startNanos);
            if (!sent) {
                LOG.warn("[{}] sending {} ended early ({} blocks sent)", logPrefix, container, blocks);
            }
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn(
                "[{}] replication stream to {} failed: {}",
                logPrefix,
                ctx.channel().remoteAddress(),
                cause.toString());
        var unused = ctx.close();
    }

    /** Writes blocks while the channel takes them without queueing more than its high water mark. */
    private void pump(ChannelHandlerContext ctx) {
        try {
            while (!done
                    && !fileInFlight
                    && ctx.channel().isWritable()
                    && ctx.channel().isActive()) {
                BlockData block = nextBlock();
                if (block == null) {
                    finish(ctx);
                } else {
                    send(ctx, block);
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("[{}] cannot send {}: {}", logPrefix, container, e.toString());
            var unused = ctx.close();
            return;
        }
        ctx.flush();
    }

    private BlockData nextBlock() {
        if (page.isEmpty() && moreBlocks) {
            page.addAll(container.blocks(nextLocalId, BLOCK_PAGE));
            moreBlocks = page.size() == BLOCK_PAGE;
            if (!page.isEmpty()) {
                nextLocalId = page.peekLast().getBlockId().getLocalId() + 1;
            }
        }
        return page.poll();
    }

    private void send(ChannelHandlerContext ctx, BlockData block) throws IOException {
        long localId = block.getBlockId().getLocalId();
        blocks++;
        Optional<byte[]> stored = container.volume().blockContents().get(new BlockKey(container.id(), localId));
        if (stored.isPresent()) {
            writeFrame(
                    ctx,
                    ReplicationFrame.newBuilder()
                            .setBlock(BlockHeader.newBuilder()
                                    .setBlock(block)
                                    .setStoredInDb(true)
                                    .setStoredData(ByteString.copyFrom(stored.get())))
                            .build());
            metrics.recordBytes(ReplicationMetrics.OUT, stored.get().length);
            return;
        }
        FileChannel file;
        try {
            file = FileChannel.open(container.volume().blockFile(container.id(), localId), StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            if (block.getChunksList().stream().anyMatch(chunk -> chunk.getLength() > 0)) {
                throw e;
            }
            // A block without data has no file.
            writeFrame(
                    ctx,
                    ReplicationFrame.newBuilder()
                            .setBlock(BlockHeader.newBuilder().setBlock(block))
                            .build());
            return;
        }
        long length;
        try {
            length = file.size();
        } catch (IOException e) {
            file.close();
            throw e;
        }
        writeFrame(
                ctx,
                ReplicationFrame.newBuilder()
                        .setBlock(BlockHeader.newBuilder().setBlock(block).setFileLength(length))
                        .build());
        fileInFlight = true;
        fileBytes += length;
        Object content = zeroCopy ? new DefaultFileRegion(file, 0, length) : new ChunkedNioFile(file, 0, length, CHUNK);
        ctx.write(content).addListener((ChannelFutureListener) future -> {
            fileInFlight = false;
            if (future.isSuccess()) {
                metrics.recordBytes(ReplicationMetrics.OUT, length);
                pump(ctx);
            } else {
                LOG.warn("[{}] sending block {} of {} failed: {}", logPrefix, localId, container, future.cause());
                var unused = ctx.close();
            }
        });
    }

    private void finish(ChannelHandlerContext ctx) {
        done = true;
        ctx.writeAndFlush(Frames.encode(
                        ctx.alloc(),
                        ReplicationFrame.newBuilder()
                                .setTrailer(ContainerTrailer.newBuilder()
                                        .setBlockCount(blocks)
                                        .setFileBytes(fileBytes))
                                .build()))
                .addListener((ChannelFutureListener) future -> {
                    sent = future.isSuccess();
                    var unused = future.channel().close();
                });
        LOG.info("[{}] sent {}: {} blocks, {} file bytes", logPrefix, container, blocks, fileBytes);
    }

    /** Queues a frame; a failed write closes the stream. */
    private static void writeFrame(ChannelHandlerContext ctx, ReplicationFrame frame) {
        ctx.write(Frames.encode(ctx.alloc(), frame)).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }

    private static void refuse(ChannelHandlerContext ctx, String message) {
        LOG.info("replication request from {} refused: {}", ctx.channel().remoteAddress(), message);
        ctx.writeAndFlush(Frames.encode(
                        ctx.alloc(),
                        ReplicationFrame.newBuilder()
                                .setError(ReplicationError.newBuilder().setMessage(message))
                                .build()))
                .addListener(ChannelFutureListener.CLOSE);
    }
}
