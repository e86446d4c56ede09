/**
 * The freon generators: {@code ockg}/{@code ockr} write and read keys with data through the client, {@code omkg}/
 * {@code omkr} create and look up keys without data to measure the Ozone Manager alone ({@link
 * dev.o3.freon.generator.Generator} holds what they share).
 */
package dev.o3.freon.generator;
