package dev.trellis.agent.middleware.shell;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One long-lived shell process: commands are written to its stdin followed by a {@code printf}
 * of a unique done-marker with the exit status on stdout and the marker on stderr; stdout and
 * stderr lines are read by two virtual threads into one queue until both markers arrive (so no
 * late stderr line is lost) or the command's time is up (then the shell
 * is killed and started again, as LangChain does; a command that ends the shell reports its exit
 * status and the next command gets a fresh shell). One command at a time (synchronized).
 */
final class ShellSession implements AutoCloseable {
  /** What one command produced. {@code exitCode} is null when unknown (timed out). */
  record Result(String output, Integer exitCode, boolean timedOut, boolean truncatedByLines,
      boolean truncatedByBytes, int totalLines, long totalBytes) {}

  private record Line(boolean stderr, String text) {}

  private static final Line EOF = new Line(false, null);

  private final Path workspace;
  private final ExecutionPolicy policy;
  private final List<String> command;
  private final Map<String, String> env;
  private Process process;
  private Writer stdin;
  private BlockingQueue<Line> lines;

  ShellSession(Path workspace, ExecutionPolicy policy, List<String> command, Map<String, String> env) {
    this.workspace = workspace;
    this.policy = policy;
    this.command = List.copyOf(command);
    this.env = Map.copyOf(env);
  }

  synchronized void start() throws IOException {
    process = policy.spawn(workspace, env, command);
    stdin = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    BlockingQueue<Line> q = new LinkedBlockingQueue<>();
    lines = q;
    pump(process.getInputStream(), false, q);
    pump(process.getErrorStream(), true, q);
  }

  private static void pump(InputStream in, boolean stderr, BlockingQueue<Line> q) {
    Thread.ofVirtual().name(stderr ? "shell-stderr" : "shell-stdout").start(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          q.add(new Line(stderr, line));
        }
      } catch (IOException ignored) {
        // the shell was killed; EOF follows
      }
      if (!stderr) {
        q.add(EOF);
      }
    });
  }

  synchronized void restart() throws IOException {
    stop();
    start();
  }

  /** Runs {@code cmd}; lines and bytes past the policy's limits are counted but not kept. */
  synchronized Result execute(String cmd, java.time.Duration timeout) throws IOException, InterruptedException {
    if (process == null || !process.isAlive()) {
      throw new IllegalStateException("Shell session is not running.");
    }
    String marker = "__TRELLIS_SHELL_DONE__" + UUID.randomUUID().toString().replace("-", "");
    lines.clear();
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      stdin.write(cmd.endsWith("\n") ? cmd : cmd + "\n");
      // The status on stdout, then the marker on stderr: once both are read, both pipes hold nothing more of the command.
      stdin.write("printf '" + marker + " %s\\n' $?; printf '" + marker + "\\n' >&2\n");
      stdin.flush();
    } catch (IOException e) {
      // the shell has exited; report what it wrote
    }
    StringBuilder out = new StringBuilder();
    int total = 0;
    long bytes = 0;
    boolean byLines = false;
    boolean byBytes = false;
    Integer exit = null;
    boolean stdoutDone = false;
    boolean stderrDone = false;
    while (!stdoutDone || !stderrDone) {
      long left = deadline - System.nanoTime();
      Line line = left <= 0 ? null : lines.poll(left, TimeUnit.NANOSECONDS);
      if (line == null) {
        kill();
        start();
        return new Result("", null, true, byLines, byBytes, total, bytes);
      }
      if (line == EOF) {
        exit = process.waitFor(policy.terminationTimeout().toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : null;
        kill();
        start(); // the command ended the shell (e.g. `exit 3`); the next command gets a fresh one
        break;
      }
      int at = line.text().indexOf(marker);
      if (at >= 0) {
        if (line.stderr()) {
          stderrDone = true;
        } else {
          stdoutDone = true;
          exit = parse(line.text().substring(at + marker.length()).strip());
        }
        if (at == 0) {
          continue;
        }
        line = new Line(line.stderr(), line.text().substring(0, at)); // output without a final newline
      }
      total++;
      bytes += line.text().getBytes(StandardCharsets.UTF_8).length + 1;
      if (total > policy.maxOutputLines()) {
        byLines = true;
      } else if (policy.maxOutputBytes() > 0 && bytes > policy.maxOutputBytes()) {
        byBytes = true;
      } else {
        out.append(line.stderr() ? "[stderr] " : "").append(line.text()).append('\n');
      }
    }
    return new Result(out.toString(), exit, false, byLines, byBytes, total, bytes);
  }

  private static Integer parse(String s) {
    try {
      return Integer.valueOf(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Ends the shell and everything it started at once (a command ran out of time). */
  private void kill() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    try {
      stdin.close();
    } catch (IOException ignored) {
      // closing a dead pipe
    }
    process = null;
  }

  synchronized void stop() {
    if (process == null) {
      return;
    }
    try {
      if (process.isAlive()) {
        stdin.write("exit\n");
        stdin.flush();
      }
    } catch (IOException ignored) {
      // already gone
    }
    try {
      if (!process.waitFor(policy.terminationTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    } finally {
      try {
        stdin.close();
      } catch (IOException ignored) {
        // closing a dead pipe
      }
      process = null;
    }
  }

  @Override
  public void close() {
    stop();
  }
}
