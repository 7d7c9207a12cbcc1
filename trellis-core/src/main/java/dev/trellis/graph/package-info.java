/**
 * The graph API: declare state ({@link dev.trellis.graph.Schema}, {@link dev.trellis.graph.Key}),
 * add nodes and edges to a {@code StateGraph}, compile it to an immutable,
 * thread-safe {@code CompiledGraph}, then invoke, stream, resume
 * ({@link dev.trellis.graph.Command}) and inspect or edit its checkpointed state
 * ({@link dev.trellis.graph.StateSnapshot}). Runs are configured per call by
 * {@link dev.trellis.graph.RunConfig} and per graph by {@link dev.trellis.graph.CompileOptions}.
 */
package dev.trellis.graph;

