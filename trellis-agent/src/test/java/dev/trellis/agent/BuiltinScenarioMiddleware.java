package dev.trellis.agent;

import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.middleware.FileSearch;
import dev.trellis.agent.middleware.TodoList;
import dev.trellis.agent.middleware.ToolError;
import dev.trellis.agent.middleware.pii.Pii;
import dev.trellis.agent.middleware.pii.PiiStrategy;
import dev.trellis.agent.middleware.shell.ShellTool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The agent scenarios' PII, TodoList, ToolError, FilesystemFileSearch and ShellTool middleware,
 * built from the same settings the Python runner ({@code agent_oracle.py}) gives LangChain's.
 */
final class BuiltinScenarioMiddleware {
  private BuiltinScenarioMiddleware() {}

  static AgentMiddleware pii(Map<String, Object> m) {
    String type = (String) m.get("pii_type");
    Pii p = m.get("detector") instanceof String regex ? Pii.regex(type, regex) : Pii.of(type);
    return p.strategy(PiiStrategy.valueOf(((String) m.getOrDefault("strategy", "redact")).toUpperCase(Locale.ROOT)))
        .applyToInput(!Boolean.FALSE.equals(m.get("apply_to_input")))
        .applyToOutput(Boolean.TRUE.equals(m.get("apply_to_output")))
        .applyToToolResults(Boolean.TRUE.equals(m.get("apply_to_tool_results")));
  }

  static AgentMiddleware todoList(Map<String, Object> m) {
    return new TodoList((String) m.getOrDefault("system_prompt", TodoList.DEFAULT_SYSTEM_PROMPT),
        (String) m.getOrDefault("tool_description", TodoList.DEFAULT_TOOL_DESCRIPTION));
  }

  @SuppressWarnings("unchecked")
  static AgentMiddleware toolError(Map<String, Object> m) {
    String onlyIf = (String) m.getOrDefault("only_if", "");
    String template = (String) m.get("template");
    List<String> tools = (List<String>) m.get("tools");
    return new ToolError((e, r) -> String.valueOf(e.getMessage()).contains(onlyIf)
        ? template.replace("{tool}", r.call().name()).replace("{error}", String.valueOf(e.getMessage())) : null,
        tools == null ? null : new HashSet<>(tools));
  }

  /** A fresh directory holding the scenario's files (path → text), modified 1000 s apart in the order given. */
  @SuppressWarnings("unchecked")
  static AgentMiddleware fileSearch(Map<String, Object> m) {
    try {
      Path root = Files.createTempDirectory("agent-files-");
      int i = 0;
      for (var e : ((Map<String, Object>) m.get("files")).entrySet()) {
        Path p = root.resolve(e.getKey());
        Files.createDirectories(p.getParent());
        Files.writeString(p, (String) e.getValue());
        Files.setLastModifiedTime(p, FileTime.fromMillis(1_000_000L * ++i));
      }
      return new FileSearch(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static AgentMiddleware shell() {
    try {
      return ShellTool.in(Files.createTempDirectory("agent-shell-"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
