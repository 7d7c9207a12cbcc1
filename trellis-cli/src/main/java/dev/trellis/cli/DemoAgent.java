package dev.trellis.cli;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.middleware.ModelCallLimit;
import dev.trellis.agent.middleware.TokenCounter;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import java.util.List;
import java.util.Map;

/**
 * The offline demo agent {@code trellis serve} adds as graph {@code agent}: an {@link Agent} whose
 * scripted model asks the {@code weather} tool about the city the user named ("What's the
 * weather in New York?" → {@code New York}; a bare "Oslo" is the city), then answers with what
 * the tool said, streaming its answer token by token (no LLM needed); at most 10
 * model calls a run. Each answer reports the tokens it used as LangChain's approximate count
 * ({@link TokenCounter#APPROXIMATE}) gives them for the request and the answer, as a provider
 * reports usage, so its traces and metrics carry token counts.
 */
public final class DemoAgent {
  private DemoAgent() {}

  /** The agent compiled with {@code options} (the server's checkpointer and store). */
  public static CompiledGraph build(CompileOptions options) {
    Tool weather = Tool.of(new ToolSpec("weather", "the weather in a city",
        Map.of("type", "object", "properties", Map.of("city", Map.of("type", "string")))),
        (args, ctx) -> "sunny and 21°C in " + args.get("city"));
    ScriptedChatModel model = new ScriptedChatModel(request -> {
      Message last = request.messages().getLast();
      if (last instanceof Message.Tool t) {
        return counted(request, new Message.Ai(null, "The weather tool says: " + t.text() + ".", List.of(), null));
      }
      return counted(request, new Message.Ai(null, "", List.of(new Message.ToolCall("call-" + java.util.UUID.randomUUID(),
          "weather", Map.of("city", city(last.text())))), null));
    });
    return Agent.builder(model).tools(weather).middleware(ModelCallLimit.perRun(10)).compile(options.withName("agent"));
  }

  /** {@code answer} reporting its usage: the approximate token counts of the request's messages and of itself. */
  private static Message.Ai counted(ChatRequest request, Message.Ai answer) {
    return new Message.Ai(answer.id(), answer.text(), answer.toolCalls(), new Message.Usage(
        TokenCounter.APPROXIMATE.count(request.messages()), TokenCounter.APPROXIMATE.count(List.of(answer))));
  }

  private static final java.util.regex.Pattern PLACE = java.util.regex.Pattern.compile(
      "\\b(?:in|at|for|near)\\s+(\\p{Lu}[\\p{L}'.-]*(?:\\s+\\p{Lu}[\\p{L}'.-]*)*)");

  /**
   * The city a message names: the capitalised words after "in", "at", "for" or "near" when there
   * are such, else the whole message without its closing punctuation.
   */
  static String city(String text) {
    java.util.regex.Matcher m = PLACE.matcher(text);
    String found = null;
    while (m.find()) {
      found = m.group(1);
    }
    String city = found != null ? found : text.strip();
    return city.replaceAll("[\\s?!.,;:]+$", "");
  }

  /**
   * An offline demo of MCP tools from {@code trellis.json}: an {@link Agent} whose scripted model
   * asks the {@code echo} tool among {@code tools} (the reference MCP server
   * {@code @modelcontextprotocol/server-everything} has one) to echo what the user wrote, then
   * answers with what it said. Name it as {@code "dev.trellis.cli.DemoAgent#mcpEcho"} with
   * {@code "mcp_servers": [...]}.
   */
  public static CompiledGraph mcpEcho(CompileOptions options, List<Tool> tools) {
    ScriptedChatModel model = new ScriptedChatModel(request -> {
      Message last = request.messages().getLast();
      if (last instanceof Message.Tool t) {
        return new Message.Ai(null, "The MCP tool says: " + t.text(), List.of(), null);
      }
      return new Message.Ai(null, "", List.of(new Message.ToolCall("call-" + java.util.UUID.randomUUID(), "echo",
          Map.of("message", last.text()))), null);
    });
    return Agent.builder(model).tools(tools).middleware(ModelCallLimit.perRun(10)).compile(options);
  }
}
