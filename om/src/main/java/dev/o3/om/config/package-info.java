/**
 * Ozone Manager configuration: keys ({@link dev.o3.om.config.OmConfigKeys}) and the typed record ({@link
 * dev.o3.om.config.OmConfig}).
 */
package dev.o3.om.config;
