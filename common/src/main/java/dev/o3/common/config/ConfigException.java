package dev.o3.common.config;

/** A configuration value that is unknown, missing or malformed; the message names the key and the bad value. */
public final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }
}
