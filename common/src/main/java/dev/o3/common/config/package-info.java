/**
 * Typed, immutable configuration: {@link dev.o3.common.config.ConfigKey} declares a key with its type, default and
 * description in one place; {@link dev.o3.common.config.OzoneConfiguration} loads {@code ozone-site.xml} plus
 * {@code -Dkey=value} overrides and rejects unknown or malformed values at start-up.
 */
package dev.o3.common.config;
