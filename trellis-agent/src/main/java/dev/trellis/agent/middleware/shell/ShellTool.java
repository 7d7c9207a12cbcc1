package dev.trellis.agent.middleware.shell;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.PythonRepr;
import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.middleware.pii.Pii;
import dev.trellis.agent.middleware.pii.PiiDetectionException;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.agent.tool.ToolContext;
import dev.trellis.graph.Key;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A persistent shell session for the agent (LangChain's {@code ShellToolMiddleware}): one
 * {@code shell} tool taking {@code command} (or {@code restart: true}); the session starts
 * before the agent (running the startup commands), keeps its working directory and variables
 * between calls, and ends after the agent (running the shutdown commands). The model sees the
 * output (stderr lines prefixed {@code [stderr] }, {@code <no output>} when empty), notes of
 * truncation, and {@code Exit code: N} for a failing command; a command past its timeout is
 * killed, the shell restarted, and the model told. Optional {@link Pii} rules redact (or block)
 * the output first.
 *
 * <p>Where it runs is the {@link ExecutionPolicy}: {@link HostExecutionPolicy} by default. The
 * shell's environment is exactly {@link #env} plus the host variables named in
 * {@link #passEnv} — nothing else is inherited. Without a workspace a temporary directory is
 * made per session and deleted when it ends. Immutable; copies via the {@code with}-style
 * methods. Sessions are kept per run in this instance (the state holds only their id); a run
 * that fails or pauses for a human does not reach its end, so its shell lives on until
 * {@link #close()} (a resumed run starts a fresh one).
 */
public final class ShellTool implements AgentMiddleware, AutoCloseable {
  /** The id of the run's shell session (not checkpointed: a resumed run starts a fresh shell). */
  public static final Key<String> SESSION = Key.untracked("shell_session_resources", String.class);

  static final String DEFAULT_DESCRIPTION = "Runs a shell command in a persistent session: the working directory "
      + "and variables carry over between calls. Check where you are (`pwd`, `ls`) before relying on paths, "
      + "prefer absolute paths, quote paths with spaces, and chain commands with `&&` or `;` rather than "
      + "newlines. Long outputs are truncated and commands past the timeout are stopped. Pass `restart: true` "
      + "instead of a command to start a fresh session.";

  private final Path workspace;
  private final ExecutionPolicy policy;
  private final List<String> shell;
  private final Map<String, String> env;
  private final Set<String> passEnv;
  private final List<String> startup;
  private final List<String> shutdown;
  private final List<Pii> redactions;
  private final String toolName;
  private final String description;
  private final Map<String, Session> sessions;

  private record Session(ShellSession shell, Path tempDir) {}

  private ShellTool(Path workspace, ExecutionPolicy policy, List<String> shell, Map<String, String> env,
      Set<String> passEnv, List<String> startup, List<String> shutdown, List<Pii> redactions, String toolName,
      String description) {
    this.workspace = workspace;
    this.policy = Objects.requireNonNull(policy, "policy");
    if (shell.isEmpty()) {
      throw new IllegalArgumentException("Shell command must contain at least one argument.");
    }
    this.shell = List.copyOf(shell);
    this.env = Map.copyOf(env);
    this.passEnv = Set.copyOf(passEnv);
    this.startup = List.copyOf(startup);
    this.shutdown = List.copyOf(shutdown);
    this.redactions = List.copyOf(redactions);
    this.toolName = Objects.requireNonNull(toolName, "toolName");
    this.description = Objects.requireNonNull(description, "description");
    this.sessions = new ConcurrentHashMap<>();
  }

  /** A bash shell on this host in {@code workspace} (created if missing; null: a temporary directory per session). */
  public static ShellTool in(Path workspace) {
    return new ShellTool(workspace, new HostExecutionPolicy(), List.of("/bin/bash"), Map.of(), Set.of(), List.of(),
        List.of(), List.of(), "shell", DEFAULT_DESCRIPTION);
  }

  public ShellTool policy(ExecutionPolicy p) {
    return new ShellTool(workspace, p, shell, env, passEnv, startup, shutdown, redactions, toolName, description);
  }

  /** The shell's command line (default {@code /bin/bash}). */
  public ShellTool shellCommand(String... command) {
    return new ShellTool(workspace, policy, List.of(command), env, passEnv, startup, shutdown, redactions, toolName,
        description);
  }

  /** Variables set in the shell's environment. */
  public ShellTool env(Map<String, String> vars) {
    return new ShellTool(workspace, policy, shell, vars, passEnv, startup, shutdown, redactions, toolName, description);
  }

  /** Host variables copied into the shell's environment when set (the allow-list; e.g. {@code PATH}, {@code HOME}). */
  public ShellTool passEnv(String... names) {
    return new ShellTool(workspace, policy, shell, env, Set.of(names), startup, shutdown, redactions, toolName,
        description);
  }

  /** Commands run when a session starts (each must exit 0) and when it ends. */
  public ShellTool commands(List<String> onStartup, List<String> onShutdown) {
    return new ShellTool(workspace, policy, shell, env, passEnv, onStartup, onShutdown, redactions, toolName,
        description);
  }

  /** Rules applied in order to every command's output before the model sees it. */
  public ShellTool redact(Pii... rules) {
    return new ShellTool(workspace, policy, shell, env, passEnv, startup, shutdown, List.of(rules), toolName,
        description);
  }

  public ShellTool tool(String name, String toolDescription) {
    return new ShellTool(workspace, policy, shell, env, passEnv, startup, shutdown, redactions, name, toolDescription);
  }

  /** The environment a session's shell gets: {@link #env}, plus the allowed host variables that are set. */
  public Map<String, String> environment() {
    Map<String, String> out = new LinkedHashMap<>();
    for (String name : passEnv) {
      String v = System.getenv(name);
      if (v != null) {
        out.put(name, v);
      }
    }
    out.putAll(env);
    return out;
  }

  @Override
  public String name() {
    return "ShellToolMiddleware";
  }

  @Override
  public List<Key<?>> stateKeys() {
    return List.of(SESSION);
  }

  @Override
  public List<Tool> tools() {
    Map<String, Object> params = Map.of("type", "object", "properties", Map.of(
        "command", Map.of("anyOf", List.of(Map.of("type", "string"), Map.of("type", "null")),
            "description", "The shell command to execute."),
        "restart", Map.of("anyOf", List.of(Map.of("type", "boolean"), Map.of("type", "null")),
            "description", "Whether to restart the shell session.")));
    return List.of(Tool.of(new ToolSpec(toolName, description, params), this::run));
  }

  @Override
  public Update beforeAgent(State state, Runtime rt) throws Exception {
    String id = UUID.randomUUID().toString();
    sessions.put(id, open());
    return Update.of(SESSION, id);
  }

  @Override
  public Update afterAgent(State state, Runtime rt) {
    Object id = state.get(SESSION.name());
    Session s = id == null ? null : sessions.remove(String.valueOf(id));
    if (s != null) {
      close(s, true);
    }
    return null;
  }

  /** Ends every shell this instance still holds (runs that failed or paused), without shutdown commands. */
  @Override
  public void close() {
    for (String id : List.copyOf(sessions.keySet())) {
      Session s = sessions.remove(id);
      if (s != null) {
        close(s, false);
      }
    }
  }

  /** How many shells this instance holds now. */
  public int openSessions() {
    return sessions.size();
  }

  private Session open() throws IOException, InterruptedException {
    Path dir = workspace;
    Path temp = null;
    if (dir == null) {
      temp = Files.createTempDirectory("trellis-shell-");
      dir = temp;
    } else {
      Files.createDirectories(dir);
    }
    ShellSession shellSession = new ShellSession(dir, policy, shell, environment());
    Session s = new Session(shellSession, temp);
    try {
      shellSession.start();
      runStartup(shellSession);
    } catch (IOException | InterruptedException | RuntimeException e) {
      close(s, false);
      throw e;
    }
    return s;
  }

  private void runStartup(ShellSession s) throws IOException, InterruptedException {
    List<String> all = new ArrayList<>(policy.limitCommands());
    all.addAll(startup);
    for (String c : all) {
      ShellSession.Result r = s.execute(c, policy.startupTimeout());
      if (r.timedOut() || r.exitCode() != null && r.exitCode() != 0) {
        throw new IllegalStateException("Startup command '" + c + "' failed with exit code " + r.exitCode());
      }
    }
  }

  private void close(Session s, boolean runShutdown) {
    try {
      if (runShutdown) {
        for (String c : shutdown) {
          try {
            s.shell().execute(c, policy.commandTimeout());
          } catch (IOException | RuntimeException e) {
            System.getLogger(ShellTool.class.getName()).log(System.Logger.Level.WARNING,
                "shutdown command '" + c + "' failed: " + e);
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      s.shell().close();
      if (s.tempDir() != null) {
        deleteTree(s.tempDir());
      }
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (IOException | UncheckedIOException e) {
      System.getLogger(ShellTool.class.getName()).log(System.Logger.Level.WARNING, "could not delete " + dir + ": " + e);
    }
  }

  /** The tool: restart, or run one command and describe its result. */
  private Object run(Map<String, Object> args, ToolContext ctx) throws Exception {
    Object command = args.get("command");
    boolean restart = Boolean.TRUE.equals(args.get("restart"));
    Message.ToolCall call = ctx.call();
    if (command == null && !restart) {
      return invalid(call, args, "Shell tool requires either 'command' or 'restart'.");
    }
    if (command != null && restart) {
      return invalid(call, args, "Specify only one of 'command' or 'restart'.");
    }
    Session s = session(ctx);
    if (restart) {
      s.shell().restart();
      runStartup(s.shell());
      return answer("Shell session restarted.", call, false);
    }
    if (!(command instanceof String cmd) || cmd.isEmpty()) {
      throw new IllegalArgumentException("Shell tool expects a 'command' string when restart is not requested.");
    }
    ShellSession.Result r = s.shell().execute(cmd, policy.commandTimeout());
    if (r.timedOut()) {
      return answer(String.format(Locale.ROOT, "Error: Command timed out after %.1f seconds.",
          policy.commandTimeout().toMillis() / 1000.0), call, true);
    }
    String out = r.output();
    for (Pii rule : redactions) {
      try {
        out = rule.process(out);
      } catch (PiiDetectionException e) {
        return answer("Output blocked: detected " + e.type() + ".", call, true);
      }
    }
    out = out.isEmpty() ? "<no output>" : out;
    if (r.truncatedByLines()) {
      out = out.stripTrailing() + "\n\n... Output truncated at " + policy.maxOutputLines() + " lines (observed "
          + r.totalLines() + ").";
    }
    if (r.truncatedByBytes()) {
      out = out.stripTrailing() + "\n\n... Output truncated at " + policy.maxOutputBytes() + " bytes (observed "
          + r.totalBytes() + ").";
    }
    boolean failed = r.exitCode() != null && r.exitCode() != 0;
    if (failed) {
      out = out.stripTrailing() + "\n\nExit code: " + r.exitCode();
    }
    return answer(out, call, failed);
  }

  /** The run's session; a fresh one when the state has none (a resumed run) or it has ended. */
  private Session session(ToolContext ctx) throws IOException, InterruptedException {
    Object id = ctx.state() == null ? null : ctx.state().get(SESSION.name());
    if (id != null) {
      Session s = sessions.get(String.valueOf(id));
      if (s != null) {
        return s;
      }
    }
    String key = id != null ? String.valueOf(id) : UUID.randomUUID().toString();
    Session fresh = open();
    Session prior = sessions.putIfAbsent(key, fresh);
    if (prior != null) {
      close(fresh, false);
      return prior;
    }
    return fresh;
  }

  /** Arguments that do not validate, answered as LangChain's tool node answers them (with the reason). */
  private Message.Tool invalid(Message.ToolCall call, Map<String, Object> args, String reason) {
    return answer("Error invoking tool '" + call.name() + "' with kwargs " + PythonRepr.of(args) + " with error:\n "
        + reason + "\n Please fix the error and try again.", call, true);
  }

  private Message.Tool answer(String text, Message.ToolCall call, boolean error) {
    return new Message.Tool(null, text, call.id(), toolName, error);
  }
}
