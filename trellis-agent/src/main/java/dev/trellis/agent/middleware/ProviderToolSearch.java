package dev.trellis.agent.middleware;

import dev.trellis.agent.model.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Lets the provider search the agent's tools instead of sending them all up front (LangChain's
 * {@code ProviderToolSearchMiddleware}): the searchable tools (those named here, and any whose
 * spec already has {@code defer_loading: true}) are marked {@code defer_loading}, and the
 * provider's own search tool is added to the call — Anthropic's
 * {@code tool_search_tool_bm25_20251119}, OpenAI's {@code tool_search}. Needs a model whose
 * {@link dev.trellis.agent.model.ChatModel#provider()} is one of those and an adapter that passes
 * tool extras and provider tools on; a call with no searchable tool is left unchanged.
 */
public final class ProviderToolSearch implements AgentMiddleware {
  static final Map<String, Map<String, Object>> SEARCH_TOOLS = Map.of(
      "anthropic", Map.of("type", "tool_search_tool_bm25_20251119", "name", "tool_search_tool_bm25"),
      "openai", Map.of("type", "tool_search"));
  public static final String DEFER_LOADING = "defer_loading";

  private final Set<String> searchable;

  /** Defers the named tools (none named: only tools whose spec already sets {@code defer_loading}). */
  public ProviderToolSearch(Set<String> searchableTools) {
    this.searchable = Set.copyOf(searchableTools);
  }

  @Override
  public String name() {
    return "ProviderToolSearchMiddleware";
  }

  @Override
  public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
    return next.call(prepare(request));
  }

  ModelRequest prepare(ModelRequest request) {
    Set<String> unknown = new TreeSet<>(searchable);
    request.tools().forEach(t -> unknown.remove(t.name()));
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("ProviderToolSearchMiddleware: searchable_tools references tool(s) not "
          + "bound to the model: " + String.join(", ", unknown));
    }
    if (request.tools().stream().noneMatch(this::deferred)) {
      return request;
    }
    String provider = request.model().provider();
    String supported = String.join(", ", new TreeSet<>(SEARCH_TOOLS.keySet()));
    if (provider == null) {
      throw new IllegalArgumentException("ProviderToolSearchMiddleware could not determine the provider for model '"
          + request.model().name() + "'; server-side tool search supports: " + supported);
    }
    Map<String, Object> search = SEARCH_TOOLS.get(provider.replace('-', '_').toLowerCase(Locale.ROOT));
    if (search == null) {
      throw new IllegalArgumentException("ProviderToolSearchMiddleware requires a provider with server-side tool "
          + "search, but got '" + provider + "'; supported providers: " + supported);
    }
    List<ToolSpec> tools = new ArrayList<>();
    for (ToolSpec t : request.tools()) {
      tools.add(deferred(t) ? t.withExtra(DEFER_LOADING, true) : t);
    }
    tools.add(ToolSpec.provider(search));
    return request.withTools(tools);
  }

  private boolean deferred(ToolSpec t) {
    return !t.isProviderTool() && (Boolean.TRUE.equals(t.extras().get(DEFER_LOADING)) || searchable.contains(t.name()));
  }
}
