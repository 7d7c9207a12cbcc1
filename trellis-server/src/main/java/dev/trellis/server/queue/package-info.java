/**
 * Runs as durable jobs: the run store and its queue, workers that claim runs under a lease and execute
 * them, the event bus that carries a run's stream events to every process, crons and the janitor.
 */
package dev.trellis.server.queue;
