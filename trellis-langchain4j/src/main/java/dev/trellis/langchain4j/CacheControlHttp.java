package dev.trellis.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;

/**
 * Puts a prompt-cache breakpoint where LangChain4j's OpenAI client has no field for one: an HTTP
 * client decorator that, when a chat-completions body carries {@link #MARKER} (the index of the
 * last message of the cacheable prefix, set by {@link LangChain4jChatModel}), removes the marker
 * and sends that message's content as a text part with {@code "cache_control":{"type":"ephemeral"}}
 * — Anthropic's breakpoint, which OpenAI-compatible gateways with explicit prompt caching
 * (OpenRouter, LiteLLM) accept on OpenAI-format messages. Other bodies pass unchanged.
 * Thread-safe when the wrapped client is.
 */
final class CacheControlHttp implements HttpClientBuilder {
  /** The body field carrying the breakpoint from the adapter to this decorator; never sent. */
  static final String MARKER = "trellis_cache_breakpoint";
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClientBuilder inner;

  CacheControlHttp(HttpClientBuilder inner) {
    this.inner = inner;
  }

  @Override
  public Duration connectTimeout() {
    return inner.connectTimeout();
  }

  @Override
  public HttpClientBuilder connectTimeout(Duration timeout) {
    inner.connectTimeout(timeout);
    return this;
  }

  @Override
  public Duration readTimeout() {
    return inner.readTimeout();
  }

  @Override
  public HttpClientBuilder readTimeout(Duration timeout) {
    inner.readTimeout(timeout);
    return this;
  }

  @Override
  public HttpClient build() {
    HttpClient client = inner.build();
    return new HttpClient() {
      @Override
      public SuccessfulHttpResponse execute(HttpRequest request) {
        return client.execute(rewrite(request));
      }

      @Override
      public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
        client.execute(rewrite(request), parser, listener);
      }
    };
  }

  /** The request with the marker turned into a {@code cache_control} part, or itself when it has none. */
  static HttpRequest rewrite(HttpRequest request) {
    String body = request.body();
    if (body == null || !body.contains(MARKER)) {
      return request;
    }
    try {
      if (!(JSON.readTree(body) instanceof ObjectNode root) || !root.has(MARKER)) {
        return request;
      }
      int at = root.remove(MARKER).asInt(-1);
      JsonNode messages = root.path("messages");
      if (at >= 0 && at < messages.size() && messages.get(at) instanceof ObjectNode message) {
        JsonNode content = message.get("content");
        if (content != null && content.isTextual()) {
          ArrayNode parts = message.putArray("content");
          ObjectNode part = parts.addObject().put("type", "text").put("text", content.asText());
          part.putObject("cache_control").put("type", "ephemeral");
        } else if (content != null && content.isArray() && !content.isEmpty()
            && content.get(content.size() - 1) instanceof ObjectNode last) {
          last.putObject("cache_control").put("type", "ephemeral");
        }
      }
      return HttpRequest.builder().method(request.method()).url(request.url()).headers(request.headers())
          .body(JSON.writeValueAsString(root)).build();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot place the cache breakpoint in the request body", e);
    }
  }
}
