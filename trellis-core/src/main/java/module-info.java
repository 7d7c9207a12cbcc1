/**
 * The Trellis graph runtime: build a graph ({@code dev.trellis.graph}) or a workflow
 * ({@code dev.trellis.func}), compile it, and run, stream, pause, resume and inspect it.
 *
 * <p>Every package is API except {@code dev.trellis.pregel}, the engine (planner, write
 * applier, runner, loop), which this module does not export: applications reach it only
 * through {@link dev.trellis.core.CompiledGraph}.
 */
module dev.trellis.core {
  requires transitive dev.trellis.checkpoint;
  requires com.fasterxml.jackson.dataformat.yaml;
  requires org.slf4j;

  exports dev.trellis.core;
  exports dev.trellis.channel;
  exports dev.trellis.draw;
  exports dev.trellis.func;
  exports dev.trellis.graph;
  exports dev.trellis.error;
  exports dev.trellis.observe;
  exports dev.trellis.policy;
  exports dev.trellis.runtime;
  exports dev.trellis.spec;
  exports dev.trellis.stream;
  exports dev.trellis.verify;
  exports dev.trellis.wire;
}
