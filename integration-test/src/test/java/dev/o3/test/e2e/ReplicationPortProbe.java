package dev.o3.test.e2e;

import dev.o3.common.config.HostAndPort;
import dev.o3.common.security.tls.TlsMaterial;
import dev.o3.proto.replication.ReplicationFrame;
import dev.o3.proto.replication.ReplicationRequest;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import javax.net.SocketFactory;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.X509KeyManager;
import javax.net.ssl.X509TrustManager;

/** Speaks the datanode replication protocol by hand, to see who a replication port answers. */
final class ReplicationPortProbe {
    private ReplicationPortProbe() {}

    /** Plain TCP sockets. */
    static SocketFactory plaintext() {
        return SocketFactory.getDefault();
    }

    /** TLS sockets presenting {@code keys} (none when null) and trusting the certificates {@code ca} issued. */
    static SocketFactory tls(X509KeyManager keys, X509Certificate ca) throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(
                keys == null ? null : new KeyManager[] {keys},
                new X509TrustManager[] {TlsMaterial.client(ca).trustManager()},
                null);
        return context.getSocketFactory();
    }

    /** Asks for a container that no datanode has over a new connection of {@code factory}; see the other overload. */
    static String ask(HostAndPort port, SocketFactory factory) throws IOException {
        try (Socket socket = factory.createSocket(port.host(), port.port())) {
            return ask(socket);
        } catch (SSLException e) {
            return "";
        }
    }

    /** The error message the replication service answers a request with; empty when it closes the connection. */
    static String ask(Socket socket) throws IOException {
        socket.setSoTimeout(20_000);
        byte[] request = ReplicationFrame.newBuilder()
                .setRequest(ReplicationRequest.newBuilder().setContainerId(Long.MAX_VALUE))
                .build()
                .toByteArray();
        try {
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            out.writeInt(request.length);
            out.write(request);
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            int length = in.readInt();
            if (length < 0 || length > 1 << 20) {
                return "";
            }
            byte[] reply = new byte[length];
            in.readFully(reply);
            return ReplicationFrame.parseFrom(reply).getError().getMessage();
        } catch (EOFException | SocketException | SSLException e) {
            return "";
        }
    }
}
