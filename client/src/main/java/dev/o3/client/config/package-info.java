/**
 * Client configuration: keys ({@link dev.o3.client.config.ClientConfigKeys}) and the typed record ({@link
 * dev.o3.client.config.ClientConfig}).
 */
package dev.o3.client.config;
