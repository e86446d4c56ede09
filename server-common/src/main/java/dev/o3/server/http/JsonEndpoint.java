package dev.o3.server.http;

import java.util.Map;

/** A JSON resource a daemon adds to its HTTP port ({@link StatusHttpServer#addJsonEndpoint}). */
@FunctionalInterface
public interface JsonEndpoint {
    /**
     * Answers one request.
     *
     * @param method GET or POST
     * @param query the decoded query parameters
     * @return the object written as the JSON response
     * @throws EndpointException to answer with an HTTP error status and a message
     */
    Object handle(String method, Map<String, String> query) throws EndpointException;

    /** A request the endpoint refuses: answered with {@code status} and {@code {"error": message}}. */
    final class EndpointException extends Exception {
        private static final long serialVersionUID = 1L;

        private final int status;

        public EndpointException(int status, String message) {
            super(message);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }
}
