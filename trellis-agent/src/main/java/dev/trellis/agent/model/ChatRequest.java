package dev.trellis.agent.model;

import dev.trellis.agent.message.Message;
import java.util.List;
import java.util.Map;

/**
 * One model call: the conversation so far, the tools the model may call, optionally a JSON
 * schema the answer must follow (structured output; null for free text), and settings for
 * this call (e.g. {@code temperature}, {@code max_tokens}; empty for the model's defaults).
 *
 * <p>A caller whose leading messages are stable across calls (a system prompt, then a varying
 * tail) marks where that prefix ends with {@link #withCacheBreakpoint}: adapters for providers
 * with explicit prompt caching put their cache marker after that message; others ignore it
 * (OpenAI-compatible servers cache prefixes by themselves).
 */
public record ChatRequest(List<Message> messages, List<ToolSpec> tools, Map<String, Object> responseSchema,
    Map<String, Object> settings) {
  public ChatRequest {
    messages = List.copyOf(messages);
    tools = List.copyOf(tools == null ? List.of() : tools);
    responseSchema = responseSchema == null ? null : Map.copyOf(responseSchema);
    settings = settings == null ? Map.of() : Map.copyOf(settings);
  }

  public ChatRequest(List<Message> messages, List<ToolSpec> tools, Map<String, Object> responseSchema) {
    this(messages, tools, responseSchema, Map.of());
  }

  public ChatRequest(List<Message> messages, List<ToolSpec> tools) {
    this(messages, tools, null, Map.of());
  }

  /**
   * The {@link #settings} key naming the model to call instead of the adapter's configured one
   * (e.g. {@code "gpt-4o-mini"}); adapters that serve one model ignore it.
   */
  public static final String MODEL = "model";

  /** The {@link #settings} key holding the index of the last message of the cacheable prefix. */
  public static final String CACHE_BREAKPOINT = "cache_breakpoint";

  /** This request with a cache breakpoint after message {@code lastPrefixIndex} (0: after the first). */
  public ChatRequest withCacheBreakpoint(int lastPrefixIndex) {
    if (lastPrefixIndex < 0 || lastPrefixIndex >= messages.size()) {
      throw new IllegalArgumentException("cache breakpoint " + lastPrefixIndex + " is outside the "
          + messages.size() + " messages");
    }
    Map<String, Object> s = new java.util.LinkedHashMap<>(settings);
    s.put(CACHE_BREAKPOINT, lastPrefixIndex);
    return new ChatRequest(messages, tools, responseSchema, s);
  }

  /** The index of the last message of the cacheable prefix, when the caller marked one. */
  public java.util.OptionalInt cacheBreakpoint() {
    return settings.get(CACHE_BREAKPOINT) instanceof Integer i ? java.util.OptionalInt.of(i) : java.util.OptionalInt.empty();
  }
}
