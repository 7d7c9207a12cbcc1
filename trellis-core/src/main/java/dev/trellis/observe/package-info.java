/**
 * Run lifecycle events ({@link dev.trellis.observe.GraphEvent}: run, step and task start and end,
 * interrupts, checkpoints) delivered to {@link dev.trellis.observe.GraphListener}s; tracing and
 * metrics are built on them.
 *
 * <p>Exported: tracing (trellis-otel), the server's run observers and applications register listeners.
 */
package dev.trellis.observe;
