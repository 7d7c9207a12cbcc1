/**
 * Runs as durable jobs: the run store and its queue, workers that claim runs under a lease and execute
 * them, the event bus that carries a run's stream events to every process, the cron scheduler and the
 * janitor. A run body is parsed and validated once, into {@code RunRequest}, before the run exists.
 *
 * <p>Not exported: users see runs through {@code AppContext} (its own event type) and the server's
 * figures ({@code RunCounters}, {@code QueueDepth}).
 */
package dev.trellis.server.queue;
