package dev.trellis.pipeline;

import java.util.Map;

/** One tool of a {@link ToolPipeline}: called with its merged arguments, returns its output. May block. */
@FunctionalInterface
public interface PipelineTool {
  ToolOutput call(Map<String, Object> args) throws Exception;
}
