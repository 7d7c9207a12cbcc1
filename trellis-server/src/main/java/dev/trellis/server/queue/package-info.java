/**
 * Runs as durable jobs: the run store and its queue, workers that claim runs under a lease and execute
 * them, the event bus that carries a run's stream events to every process, the cron scheduler and the
 * janitor. A run body is parsed and validated once, into {@code RunRequest}, before the run exists.
 */
package dev.trellis.server.queue;
