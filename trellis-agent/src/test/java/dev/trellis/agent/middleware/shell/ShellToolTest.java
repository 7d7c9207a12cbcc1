package dev.trellis.agent.middleware.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.middleware.pii.Pii;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.graph.CompileOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shell tool on this host: one session per run, its environment, limits and failures. */
class ShellToolTest {
  @TempDir Path workspace;

  /** Runs an agent whose model calls the shell once per entry of {@code calls}; returns the tool messages. */
  static List<Message.Tool> run(ShellTool shell, List<Map<String, Object>> calls) {
    List<Message.Ai> replies = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      replies.add(new Message.Ai(null, "", List.of(new Message.ToolCall("c" + i, "shell", calls.get(i))), null));
    }
    replies.add(Message.ai("done"));
    ScriptedChatModel model = ScriptedChatModel.replies(replies.toArray(Message.Ai[]::new));
    @SuppressWarnings("unchecked")
    List<Message> out = (List<Message>) Agent.builder(model).middleware(shell).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("go")))).get("messages");
    return out.stream().filter(m -> m instanceof Message.Tool).map(m -> (Message.Tool) m).toList();
  }

  static List<Map<String, Object>> commands(String... cmds) {
    return List.of(cmds).stream().map(c -> Map.<String, Object>of("command", c)).toList();
  }

  static List<String> texts(List<Message.Tool> answers) {
    return answers.stream().map(Message::text).toList();
  }

  @Test
  void theSessionKeepsItsDirectoryAndVariablesBetweenCalls() throws Exception {
    Files.createDirectories(workspace.resolve("sub"));
    List<Message.Tool> out = run(ShellTool.in(workspace), commands("cd sub && X=42", "pwd; echo $X", "true"));
    assertEquals(List.of("<no output>", workspace.toRealPath().resolve("sub") + "\n42\n", "<no output>"), texts(out));
  }

  @Test
  void theShellSeesOnlyTheGivenAndAllowedEnvironment() {
    ShellTool shell = ShellTool.in(workspace).env(Map.of("GREETING", "hi")).passEnv("PATH");
    List<Message.Tool> out = run(shell, commands("echo \"$GREETING ${HOME:-no-home} ${PATH:+has-path}\""));
    assertEquals("hi no-home has-path\n", out.getFirst().text());
  }

  @Test
  void aFailingCommandReportsStderrAndItsExitCode() {
    Message.Tool out = run(ShellTool.in(workspace), commands("echo partial; echo oops >&2; exit_code() { return 3; }; exit_code")).getFirst();
    assertTrue(out.error());
    assertTrue(out.text().contains("partial\n"), out.text()); // stdout and stderr lines may interleave either way
    assertTrue(out.text().contains("[stderr] oops"), out.text());
    assertTrue(out.text().endsWith("\n\nExit code: 3"), out.text());
  }

  @Test
  void aCommandPastItsTimeoutIsKilledAndTheNextGetsAFreshShell() {
    ShellTool shell = ShellTool.in(workspace)
        .policy(new HostExecutionPolicy().withCommandTimeout(Duration.ofSeconds(1)));
    List<Message.Tool> out = run(shell, commands("sleep 600", "echo alive"));
    assertEquals(List.of("Error: Command timed out after 1.0 seconds.", "alive\n"), texts(out));
    assertTrue(out.getFirst().error());
  }

  @Test
  void outputPastTheLineLimitIsCountedAndCut() {
    ShellTool shell = ShellTool.in(workspace).policy(new HostExecutionPolicy().withOutputLimits(3, 0));
    assertEquals("1\n2\n3\n\n... Output truncated at 3 lines (observed 10).",
        run(shell, commands("seq 1 10")).getFirst().text());
  }

  @Test
  void outputPastTheByteLimitIsCountedAndCut() {
    ShellTool shell = ShellTool.in(workspace).policy(new HostExecutionPolicy().withOutputLimits(100, 8));
    // As LangChain counts: each line with its newline; a line is kept while the running total stays within the limit.
    assertEquals("abc\ndef\n\n... Output truncated at 8 bytes (observed 12).",
        run(shell, commands("printf 'abc\\ndef\\nghi\\n'")).getFirst().text());
  }

  @Test
  void outputIsRedactedOrBlockedByItsRules() {
    assertEquals("mail [REDACTED_EMAIL]\n",
        run(ShellTool.in(workspace).redact(Pii.of("email")), commands("echo mail a@b.example.com")).getFirst().text());
    Message.Tool blocked = run(ShellTool.in(workspace).redact(Pii.of("ip").strategy(
        dev.trellis.agent.middleware.pii.PiiStrategy.BLOCK)), commands("echo 10.1.2.3")).getFirst();
    assertEquals("Output blocked: detected ip.", blocked.text());
    assertTrue(blocked.error());
  }

  @Test
  void restartAndExitGiveAFreshShell() {
    List<Message.Tool> out = run(ShellTool.in(workspace), List.of(Map.of("command", "Y=1; exit 4"),
        Map.of("command", "echo ${Y:-gone}"), Map.of("command", "Z=2"), Map.of("restart", true),
        Map.of("command", "echo ${Z:-gone}")));
    assertEquals(List.of("<no output>\n\nExit code: 4", "gone\n", "<no output>", "Shell session restarted.", "gone\n"),
        texts(out));
  }

  @Test
  void commandAndRestartTogetherAreRefused() {
    Map<String, Object> both = new java.util.LinkedHashMap<>();
    both.put("command", "ls");
    both.put("restart", true);
    Message.Tool out = run(ShellTool.in(workspace), List.of(both)).getFirst();
    assertTrue(out.error());
    assertEquals("Error invoking tool 'shell' with kwargs {'command': 'ls', 'restart': True} with error:\n "
        + "Specify only one of 'command' or 'restart'.\n Please fix the error and try again.", out.text());
  }

  @Test
  void resourceLimitsBindTheShell() {
    ShellTool shell = ShellTool.in(workspace).policy(new HostExecutionPolicy().withResourceLimits(7, 512L * 1024 * 1024));
    assertEquals("7 524288\n", run(shell, commands("echo $(ulimit -t) $(ulimit -v)")).getFirst().text());
  }

  @Test
  void startupAndShutdownCommandsRunAroundTheSession() throws Exception {
    ShellTool shell = ShellTool.in(workspace).commands(List.of("echo started > log"), List.of("echo stopped >> log"));
    assertEquals("started\n", run(shell, commands("cat log")).getFirst().text());
    assertEquals("started\nstopped\n", Files.readString(workspace.resolve("log")));
  }

  @Test
  void aFailingStartupCommandFailsTheRunNamingIt() {
    ShellTool shell = ShellTool.in(workspace).commands(List.of("false"), List.of());
    Exception e = assertThrows(Exception.class, () -> run(shell, commands("true")));
    assertTrue(causes(e).contains("Startup command 'false' failed with exit code 1"), causes(e));
  }

  @Test
  void withoutAWorkspaceATemporaryDirectoryIsUsedAndDeleted() {
    String dir = run(ShellTool.in(null), commands("pwd")).getFirst().text().strip();
    assertTrue(dir.contains("trellis-shell-"), dir);
    assertFalse(Files.exists(Path.of(dir)), "deleted after the run");
  }

  @Test
  void aFinishedRunLeavesNoShellAndCloseEndsThoseOfFailedRuns() {
    ShellTool shell = ShellTool.in(workspace);
    run(shell, commands("true"));
    assertEquals(0, shell.openSessions(), "the run's end closed its shell");
    ScriptedChatModel failing = new ScriptedChatModel(r -> {
      throw new IllegalStateException("model down");
    });
    assertThrows(Exception.class, () -> Agent.builder(failing).middleware(shell).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("go")))));
    assertEquals(1, shell.openSessions(), "a failed run never reached its end");
    shell.close();
    assertEquals(0, shell.openSessions());
  }

  @Test
  void dockerWithoutItsCliFailsSayingSo() {
    ShellTool shell = ShellTool.in(workspace).policy(DockerExecutionPolicy.of("alpine:3.20").withBinary("no-such-docker-cli"));
    Exception e = assertThrows(Exception.class, () -> run(shell, commands("true")));
    assertTrue(causes(e).contains("Docker execution policy requires the 'no-such-docker-cli' CLI to be installed"), causes(e));
  }

  @Test
  void dockerRunsTheShellWithoutNetworkInTheMountedWorkspace() {
    List<String> cmd = DockerExecutionPolicy.of("alpine:3.20").withBinary("/bin/sh")
        .command(workspace, Map.of("A", "1"), List.of("/bin/sh"));
    String ws = workspace.toAbsolutePath().toString();
    assertEquals(List.of("/bin/sh", "run", "-i", "--rm", "--network", "none", "-v", ws + ":" + ws, "-w", ws, "-e", "A=1",
        "alpine:3.20", "/bin/sh"), cmd);
  }

  static String causes(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      sb.append(t.getMessage()).append(" | ");
    }
    return sb.toString();
  }
}
