/**
 * Topology proofs: {@link dev.trellis.verify.Check}s (e.g. every path passes through a node) proved
 * or refuted over every path a compiled graph could take, with the breaking path named in the
 * {@link dev.trellis.verify.Violation}.
 */
package dev.trellis.verify;
