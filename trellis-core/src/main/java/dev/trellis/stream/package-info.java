/**
 * Streaming a run: {@link dev.trellis.stream.GraphStream} (an {@code Iterable} and a
 * {@code Flow.Publisher} of {@link dev.trellis.stream.StreamPart}s; closing it cancels the run) and the
 * {@link dev.trellis.stream.StreamMode}s a caller picks (values, updates, messages, custom, tasks,
 * checkpoints, debug).
 *
 * <p>Exported: every caller that streams a run reads these parts.
 */
package dev.trellis.stream;
