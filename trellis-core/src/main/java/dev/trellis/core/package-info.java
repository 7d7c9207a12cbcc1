/**
 * The front door: {@link dev.trellis.core.StateGraph} builds a graph and
 * {@link dev.trellis.core.CompiledGraph} runs, streams, resumes, inspects and draws it;
 * {@link dev.trellis.core.GraphProtocol} is what it shares with a graph served elsewhere
 * (trellis-client's {@code RemoteGraph}). The
 * only package that reaches the engine ({@code pregel}), which validates and lowers a built
 * graph ({@code GraphCompiler}) and runs it; the types a graph is written in live in
 * {@code dev.trellis.graph}, below the engine.
 *
 * <p>Exported: every application builds and runs its graphs here.
 */
package dev.trellis.core;
