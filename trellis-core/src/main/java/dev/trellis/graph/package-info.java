/**
 * What graphs are written in: state ({@link dev.trellis.graph.Schema}, {@link dev.trellis.graph.Key},
 * {@link dev.trellis.graph.State}), nodes and routers and what they return
 * ({@link dev.trellis.graph.Update}, {@link dev.trellis.graph.Command}, {@link dev.trellis.graph.Send}),
 * node and compile options, run settings ({@link dev.trellis.graph.RunConfig}) and the state API's
 * values ({@link dev.trellis.graph.StateSnapshot}). The builder and the compiled graph that take
 * these ({@code StateGraph}, {@code CompiledGraph}) are in {@code dev.trellis.core}, above the
 * engine; this package sits below it, so the engine reads these types without reaching back up.
 *
 * <p>Exported: every node, router, run configuration and state read is written in these types.
 */
package dev.trellis.graph;

