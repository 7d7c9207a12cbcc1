/**
 * Structured output: JSON schemas generated from records,
 * and reading a model's JSON answer back into the record
 * ({@link dev.trellis.agent.structured.StructuredOutput}), failing with a message that says where.
 *
 * <p>Exported: applications ask agents and nodes for typed answers.
 */
package dev.trellis.agent.structured;
