/**
 * The errors Trellis raises on purpose: {@link dev.trellis.error.TrellisException} and its
 * subclasses, each carrying a stable {@link dev.trellis.error.ErrorCode} that appears in the
 * message as {@code [TRELLIS-CODE]} and in the server's JSON errors. Building a graph fails with
 * {@link dev.trellis.error.InvalidGraphException}, a bad state write with
 * {@link dev.trellis.error.InvalidUpdateException}, a node's own failure with
 * {@link dev.trellis.error.NodeException}.
 *
 * <p>Exported: applications and the server catch these exceptions and read their codes.
 */
package dev.trellis.error;
