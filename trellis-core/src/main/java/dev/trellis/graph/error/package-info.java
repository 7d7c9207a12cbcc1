/**
 * The errors Trellis raises on purpose: {@link dev.trellis.graph.error.TrellisException} and its
 * subclasses, each carrying a stable {@link dev.trellis.graph.error.ErrorCode} that appears in the
 * message as {@code [TRELLIS-CODE]} and in the server's JSON errors. Building a graph fails with
 * {@link dev.trellis.graph.error.InvalidGraphException}, a bad state write with
 * {@link dev.trellis.graph.error.InvalidUpdateException}, a node's own failure with
 * {@link dev.trellis.graph.error.NodeException}.
 */
package dev.trellis.graph.error;
