/**
 * The Java API of O3, shaped like Apache Ozone's: {@link dev.o3.client.api.OzoneClient} -> {@link
 * dev.o3.client.api.ObjectStore} -> {@link dev.o3.client.api.OzoneVolume} -> {@link dev.o3.client.api.OzoneBucket} ->
 * key streams.
 */
package dev.o3.client.api;
