package dev.trellis.langchain4j;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.http.client.HttpClientBuilderLoader;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import dev.langchain4j.model.output.TokenUsage;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.observe.Observed;
import dev.trellis.agent.observe.ResponseInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * Any LangChain4j chat model behind Trellis's {@link ChatModel}: messages, tool specs, tool
 * calls and token usage are translated both ways; tool and response JSON schemas keep their
 * whole shape (nested objects, arrays, enums, required, descriptions), and the request's
 * settings ({@code temperature}, {@code top_p}, {@code max_tokens}, {@code stop}) apply. With a streaming model, {@link #stream}
 * delivers tokens as they arrive. {@link #openAi} builds one for any OpenAI-compatible
 * server (OpenAI, Ollama, vLLM, llama.cpp, LM Studio) from a base URL, model name and key.
 *
 * <p>Prompt caching: a request's cache breakpoint ({@link ChatRequest#cacheBreakpoint()}) is
 * provider-gated. OpenAI and most OpenAI-compatible servers cache prefixes by themselves and some
 * refuse unknown fields, so by default it is not sent. {@link #openAi(String, String, String,
 * boolean) openAi(…, true)} (for gateways with explicit caching: OpenRouter, LiteLLM in front of
 * Anthropic or Gemini) sends the marked message as a text part carrying
 * {@code "cache_control":{"type":"ephemeral"}}, Anthropic's breakpoint.
 */
public final class LangChain4jChatModel implements ChatModel {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final dev.langchain4j.model.chat.ChatModel model;
  private final StreamingChatModel streaming;
  private final boolean cacheControl;
  private final String provider;

  /** Wraps LangChain4j models; the provider is the one the model says it is (see {@link #provider()}). */
  public LangChain4jChatModel(dev.langchain4j.model.chat.ChatModel model, StreamingChatModel streaming) {
    this(model, streaming, false, Providers.of(model, streaming));
  }

  private LangChain4jChatModel(dev.langchain4j.model.chat.ChatModel model, StreamingChatModel streaming,
                               boolean cacheControl, String provider) {
    this.model = model;
    this.streaming = streaming;
    this.cacheControl = cacheControl;
    this.provider = provider;
  }

  /**
   * The provider serving the model, as the OpenTelemetry GenAI conventions name it
   * ({@code gen_ai.provider.name}): {@code openai} for {@link #openAi}, else the one
   * the wrapped model's {@code provider()} says ({@code anthropic}, {@code ollama}, …), unless
   * {@link #withProvider} named another; null when unknown.
   */
  @Override
  public String provider() {
    return provider;
  }

  /** The same model, saying {@code provider} serves it (lower case, e.g. {@code anthropic}). */
  public LangChain4jChatModel withProvider(String provider) {
    return new LangChain4jChatModel(model, streaming, cacheControl, provider);
  }

  /** The model name the wrapped model sends (for per-model prices), or the adapter's class name. */
  @Override
  public String name() {
    var defaults = model != null ? model.defaultRequestParameters() : streaming.defaultRequestParameters();
    return defaults != null && defaults.modelName() != null ? defaults.modelName() : "LangChain4jChatModel";
  }

  /** True when the wrapped model declares JSON-schema response formats (LangChain4j's capability). */
  @Override
  public boolean supportsStructuredOutput() {
    var caps = model != null ? model.supportedCapabilities() : streaming.supportedCapabilities();
    return caps != null && caps.contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
  }

  /** An OpenAI-compatible endpoint (e.g. {@code http://localhost:11434/v1} for Ollama). */
  public static LangChain4jChatModel openAi(String baseUrl, String modelName, String apiKey) {
    return openAi(baseUrl, modelName, apiKey, false);
  }

  /**
   * An OpenAI-compatible endpoint; with {@code cacheControl}, requests' cache breakpoints are sent
   * as {@code cache_control} parts (for gateways with explicit prompt caching).
   */
  public static LangChain4jChatModel openAi(String baseUrl, String modelName, String apiKey, boolean cacheControl) {
    var blocking = OpenAiChatModel.builder().baseUrl(baseUrl).modelName(modelName).apiKey(apiKey)
        .supportedCapabilities(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
    var streaming = OpenAiStreamingChatModel.builder().baseUrl(baseUrl).modelName(modelName).apiKey(apiKey);
    if (cacheControl) {
      blocking.httpClientBuilder(new CacheControlHttp(HttpClientBuilderLoader.loadHttpClientBuilder()));
      streaming.httpClientBuilder(new CacheControlHttp(HttpClientBuilderLoader.loadHttpClientBuilder()));
    }
    return new LangChain4jChatModel(blocking.build(), streaming.build(), cacheControl, Providers.OPENAI);
  }

  /**
   * Reads {@code TRELLIS_MODEL_BASE_URL}, {@code TRELLIS_MODEL_NAME}, {@code TRELLIS_MODEL_API_KEY}
   * and {@code TRELLIS_MODEL_CACHE_CONTROL} ({@code true}: send cache breakpoints).
   */
  public static LangChain4jChatModel openAiFromEnv() {
    String url = System.getenv("TRELLIS_MODEL_BASE_URL");
    String name = System.getenv("TRELLIS_MODEL_NAME");
    if (url == null || name == null) {
      throw new IllegalStateException("set TRELLIS_MODEL_BASE_URL and TRELLIS_MODEL_NAME (and TRELLIS_MODEL_API_KEY)");
    }
    String key = System.getenv("TRELLIS_MODEL_API_KEY");
    return openAi(url, name, key == null ? "none" : key, Boolean.parseBoolean(System.getenv("TRELLIS_MODEL_CACHE_CONTROL")));
  }

  @Override
  public Message.Ai chat(ChatRequest request) {
    if (model == null) {
      throw new IllegalStateException("this adapter has only a streaming model: use stream()");
    }
    return fromResponse(model.chat(toRequest(request, supportsStructuredOutput(), cacheControl)));
  }

  @Override
  public Message.Ai stream(ChatRequest request, Consumer<String> tokens) throws Exception {
    if (streaming == null) {
      return ChatModel.super.stream(request, tokens);
    }
    CompletableFuture<ChatResponse> done = new CompletableFuture<>();
    streaming.chat(toRequest(request, supportsStructuredOutput(), cacheControl), new StreamingChatResponseHandler() {
      @Override
      public void onPartialResponse(String partial) {
        tokens.accept(partial);
      }

      @Override
      public void onCompleteResponse(ChatResponse response) {
        done.complete(response);
      }

      @Override
      public void onError(Throwable error) {
        done.completeExceptionally(error);
      }
    });
    try {
      return fromResponse(done.get());
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception ex ? ex : e;
    }
  }

  private static String schemaName(Map<String, Object> schema) {
    return schema.get("title") instanceof String t && t.matches("[A-Za-z0-9_-]{1,64}") ? t : "response";
  }

  /** With {@code cacheControl}, a cache breakpoint rides as a body field {@link CacheControlHttp} turns into {@code cache_control}. */
  static dev.langchain4j.model.chat.request.ChatRequest toRequest(ChatRequest request, boolean nativeSchema,
                                                                  boolean cacheControl) {
    List<ChatMessage> messages = new ArrayList<>();
    int breakpoint = request.cacheBreakpoint().orElse(-1);
    int sentBreakpoint = -1;
    for (int i = 0; i < request.messages().size(); i++) {
      Message m = request.messages().get(i);
      switch (m) {
        case Message.System s -> messages.add(SystemMessage.from(s.text()));
        case Message.Human h -> messages.add(UserMessage.from(h.text()));
        case Message.Ai a -> {
          List<ToolExecutionRequest> calls = new ArrayList<>();
          for (Message.ToolCall c : a.toolCalls()) {
            calls.add(ToolExecutionRequest.builder().id(c.id()).name(c.name()).arguments(json(c.args())).build());
          }
          messages.add(calls.isEmpty() ? AiMessage.from(a.text())
              : a.text().isEmpty() ? AiMessage.from(calls) : AiMessage.from(a.text(), calls));
        }
        case Message.Tool t -> messages.add(ToolExecutionResultMessage.from(t.toolCallId(), t.name(), t.text()));
        case Message.Remove r -> { }
      }
      if (i == breakpoint) {
        sentBreakpoint = messages.size() - 1;   // removals are not sent: the index among sent messages
      }
    }
    var builder = dev.langchain4j.model.chat.request.ChatRequest.builder().messages(messages);
    if (!request.tools().isEmpty()) {
      builder.toolSpecifications(request.tools().stream().map(LangChain4jChatModel::toSpec).toList());
    }
    if (request.responseSchema() != null) {
      builder.responseFormat(nativeSchema ? ResponseFormat.builder().type(ResponseFormatType.JSON)
          .jsonSchema(JsonSchema.builder().name(schemaName(request.responseSchema()))
              .rootElement(JsonSchemaElements.toElement(request.responseSchema())).build()).build()
          : ResponseFormat.JSON); // without native support the schema is in the instructions
    }
    Map<String, Object> settings = request.settings();
    if (settings.get(ChatRequest.MODEL) instanceof String model && !model.isBlank()) {
      builder.modelName(model);
    }
    if (settings.get("temperature") instanceof Number t) {
      builder.temperature(t.doubleValue());
    }
    if (settings.get("top_p") instanceof Number p) {
      builder.topP(p.doubleValue());
    }
    if (settings.get("max_tokens") instanceof Number n) {
      builder.maxOutputTokens(n.intValue());
    }
    if (settings.get("stop") instanceof List<?> stop) {
      builder.stopSequences(stop.stream().map(String::valueOf).toList());
    }
    var built = builder.build();
    if (!cacheControl || sentBreakpoint < 0) {
      return built;
    }
    return dev.langchain4j.model.chat.request.ChatRequest.builder().messages(built.messages())
        .parameters(OpenAiChatRequestParameters.builder().overrideWith(built.parameters())
            .customParameters(Map.of(CacheControlHttp.MARKER, sentBreakpoint)).build())
        .build();
  }

  /**
   * A tool spec as LangChain4j's: the whole JSON schema of the arguments, nested objects and
   * arrays included; its extras (e.g. {@code defer_loading}) as LangChain4j tool metadata, which
   * provider modules send when told to. A provider-run tool has no LangChain4j form: configure it
   * on the LangChain4j model instead.
   */
  static ToolSpecification toSpec(ToolSpec spec) {
    if (spec.isProviderTool()) {
      throw new IllegalArgumentException("provider tool \"" + spec.name() + "\" " + spec.extras().get(ToolSpec.PROVIDER_TOOL)
          + " cannot be sent through LangChain4j's tool specifications; configure it on the LangChain4j model "
          + "(e.g. its server tools) instead");
    }
    var b = ToolSpecification.builder().name(spec.name()).description(spec.description())
        .parameters(JsonSchemaElements.object(spec.parameters(), null));
    if (!spec.extras().isEmpty()) {
      b.metadata(spec.extras());
    }
    return b.build();
  }

  /** The answer as a Trellis message; the response's id, model and finish reason go to the call's observer. */
  private static Message.Ai fromResponse(ChatResponse response) {
    Observed.responded(new ResponseInfo(response.id(), response.modelName(),
        response.finishReason() == null ? List.of() : List.of(finishReason(response.finishReason()))));
    AiMessage ai = response.aiMessage();
    List<Message.ToolCall> calls = new ArrayList<>();
    if (ai.hasToolExecutionRequests()) {
      for (ToolExecutionRequest r : ai.toolExecutionRequests()) {
        calls.add(new Message.ToolCall(r.id(), r.name(), args(r.arguments())));
      }
    }
    TokenUsage u = response.tokenUsage();
    Message.Usage usage = u == null ? Message.Usage.NONE : new Message.Usage(
        u.inputTokenCount() == null ? 0 : u.inputTokenCount(), u.outputTokenCount() == null ? 0 : u.outputTokenCount());
    return new Message.Ai(null, ai.text() == null ? "" : ai.text(), calls, usage);
  }

  /** A finish reason as the GenAI conventions spell it. */
  static String finishReason(dev.langchain4j.model.output.FinishReason r) {
    return switch (r) {
      case STOP -> "stop";
      case LENGTH -> "length";
      case TOOL_EXECUTION -> "tool_call";
      case CONTENT_FILTER -> "content_filter";
      default -> r.name().toLowerCase(java.util.Locale.ROOT);
    };
  }

  private static String json(Map<String, Object> args) {
    try {
      return JSON.writeValueAsString(args);
    } catch (Exception e) {
      throw new IllegalArgumentException("tool arguments are not JSON: " + args, e);
    }
  }

  private static Map<String, Object> args(String json) {
    try {
      return json == null || json.isBlank() ? Map.of() : JSON.readValue(json, new TypeReference<Map<String, Object>>() {});
    } catch (Exception e) {
      throw new IllegalArgumentException("the model sent tool arguments that are not a JSON object: " + json, e);
    }
  }
}
