/**
 * Topology proofs: {@link dev.trellis.verify.Check}s (e.g. every path passes through a node) proved
 * or refuted over every path a compiled graph could take, with the breaking path named in the
 * {@link dev.trellis.verify.Violation}.
 *
 * <p>Exported: applications prove their graphs' topology in tests and at start-up.
 */
package dev.trellis.verify;
