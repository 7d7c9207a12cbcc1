package dev.trellis.otel;

import io.opentelemetry.api.common.AttributeKey;
import java.util.List;

/**
 * The attribute names Trellis writes: OpenTelemetry's GenAI semantic conventions for agent,
 * model and tool spans (what Langfuse and similar tools read from OTLP), and Trellis' own
 * {@code trellis.*} names for graph structure.
 */
final class GenAi {
  private GenAi() {}

  static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
  static final AttributeKey<String> AGENT_NAME = AttributeKey.stringKey("gen_ai.agent.name");
  static final AttributeKey<String> CONVERSATION_ID = AttributeKey.stringKey("gen_ai.conversation.id");
  static final AttributeKey<String> PROVIDER_NAME = AttributeKey.stringKey("gen_ai.provider.name");
  static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
  static final AttributeKey<Double> REQUEST_TEMPERATURE = AttributeKey.doubleKey("gen_ai.request.temperature");
  static final AttributeKey<Double> REQUEST_TOP_P = AttributeKey.doubleKey("gen_ai.request.top_p");
  static final AttributeKey<Long> REQUEST_MAX_TOKENS = AttributeKey.longKey("gen_ai.request.max_tokens");
  static final AttributeKey<String> OUTPUT_TYPE = AttributeKey.stringKey("gen_ai.output.type");
  static final AttributeKey<String> RESPONSE_MODEL = AttributeKey.stringKey("gen_ai.response.model");
  static final AttributeKey<String> RESPONSE_ID = AttributeKey.stringKey("gen_ai.response.id");
  static final AttributeKey<List<String>> FINISH_REASONS = AttributeKey.stringArrayKey("gen_ai.response.finish_reasons");
  static final AttributeKey<String> INPUT_MESSAGES = AttributeKey.stringKey("gen_ai.input.messages");
  static final AttributeKey<String> OUTPUT_MESSAGES = AttributeKey.stringKey("gen_ai.output.messages");
  static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
  static final AttributeKey<Long> OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");
  static final AttributeKey<String> TOKEN_TYPE = AttributeKey.stringKey("gen_ai.token.type");
  static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");
  static final AttributeKey<String> TOOL_CALL_ID = AttributeKey.stringKey("gen_ai.tool.call.id");
  static final AttributeKey<String> TOOL_DESCRIPTION = AttributeKey.stringKey("gen_ai.tool.description");
  static final AttributeKey<String> TOOL_TYPE = AttributeKey.stringKey("gen_ai.tool.type");
  static final AttributeKey<String> TOOL_CALL_ARGUMENTS = AttributeKey.stringKey("gen_ai.tool.call.arguments");
  static final AttributeKey<String> TOOL_CALL_RESULT = AttributeKey.stringKey("gen_ai.tool.call.result");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

  static final AttributeKey<String> GRAPH = AttributeKey.stringKey("trellis.graph");
  static final AttributeKey<String> RUN_ID = AttributeKey.stringKey("trellis.run_id");
  static final AttributeKey<String> THREAD_ID = AttributeKey.stringKey("trellis.thread_id");
  static final AttributeKey<String> NODE = AttributeKey.stringKey("trellis.node");
  static final AttributeKey<String> NODE_INPUT = AttributeKey.stringKey("trellis.node.input");
  static final AttributeKey<String> NODE_OUTPUT = AttributeKey.stringKey("trellis.node.output");
  static final AttributeKey<String> TASK_ID = AttributeKey.stringKey("trellis.task_id");
  static final AttributeKey<Long> STEP = AttributeKey.longKey("trellis.step");
  static final AttributeKey<String> NAMESPACE = AttributeKey.stringKey("trellis.namespace");
  static final AttributeKey<Long> ATTEMPTS = AttributeKey.longKey("trellis.attempts");
  static final AttributeKey<Boolean> INTERRUPTED = AttributeKey.booleanKey("trellis.interrupted");
  static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("trellis.outcome");
  static final AttributeKey<String> CHECKPOINT_ID = AttributeKey.stringKey("trellis.checkpoint_id");
  static final AttributeKey<String> SOURCE = AttributeKey.stringKey("trellis.source");

  /** A checkpoint namespace as one attribute value: its segments joined with {@code |}, as LangGraph writes it. */
  static String namespace(List<String> segments) {
    return String.join("|", segments);
  }
}
