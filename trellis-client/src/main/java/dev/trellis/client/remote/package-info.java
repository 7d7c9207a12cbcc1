/**
 * {@link dev.trellis.client.remote.RemoteGraph}: a served graph used like a compiled graph, or
 * as a node of a local one. Needs trellis-core on the class path (an optional dependency of
 * trellis-client).
 */
package dev.trellis.client.remote;
