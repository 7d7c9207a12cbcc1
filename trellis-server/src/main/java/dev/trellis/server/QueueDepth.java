package dev.trellis.server;

/**
 * The run queue as all workers see it ({@link TrellisServer#queueDepth()}): runs waiting and
 * due, runs executing, and how long the oldest due run has waited past its due time (0 when
 * none waits), in milliseconds.
 */
public record QueueDepth(long pending, long running, long lagMillis) {}
