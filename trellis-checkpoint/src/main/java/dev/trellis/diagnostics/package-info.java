/**
 * Diagnostics for benchmark probes ({@link dev.trellis.diagnostics.Waits}: where a run waits), in the lowest module so
 * that every layer (savers, the engine, the SQLite module, the server) can record into them while they point down.
 * Not an API: names and output are for measurements only.
 */
package dev.trellis.diagnostics;
