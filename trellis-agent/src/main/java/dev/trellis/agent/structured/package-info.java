/**
 * Structured output: JSON schemas generated from records ({@link dev.trellis.agent.structured.JsonSchemas}),
 * and reading a model's JSON answer back into the record
 * ({@link dev.trellis.agent.structured.StructuredOutput}), failing with a message that says where.
 */
package dev.trellis.agent.structured;
