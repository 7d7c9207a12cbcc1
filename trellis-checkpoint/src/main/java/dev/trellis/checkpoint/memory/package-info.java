/**
 * {@link dev.trellis.checkpoint.memory.InMemorySaver}, the saver that keeps threads in memory,
 * and the compact packed form it keeps checkpoints in (names as numbers, small values as bytes,
 * large ones shared by reference). Exported for the saver, which tests, short-lived processes
 * and servers that keep threads only while they run use; the packing format is package-private.
 */
package dev.trellis.checkpoint.memory;
