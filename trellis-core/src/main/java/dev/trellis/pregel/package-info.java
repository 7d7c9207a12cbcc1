/**
 * The engine (not exported): a compiled {@code Program} of channel slots and
 * nodes, the pure {@code Planner} and {@code WriteApplier}, the
 * {@code Runner} that executes a superstep's tasks on virtual threads, and the
 * {@code Loop} that ticks, saves checkpoints and handles interrupts. Applications
 * reach it only through {@code CompiledGraph}; its public types are public for
 * the other packages of this module.
 */
package dev.trellis.pregel;
