package dev.trellis.testkit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * A server in a child JVM on the test's class path, for crash tests that kill a process with
 * SIGKILL mid-run. The child's main announces its port with {@link #announcePort} (a line
 * {@code PORT <n>} on stdout); {@link #startServer} waits for that line, then drains the
 * child's output in the background so the child never blocks on a full pipe, keeping its last
 * {@value #TAIL_LINES} lines for {@link #logTail} (what a failing test shows of the child).
 * {@link #kill9} kills without shutdown hooks; {@link #close} kills whatever still runs.
 */
public final class ChildJvm implements AutoCloseable {
  /** How many of the child's last output lines {@link #logTail} keeps. */
  public static final int TAIL_LINES = 200;

  private final Process process;
  private final int port;
  private final Deque<String> tail = new ArrayDeque<>();

  private ChildJvm(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /** Starts {@code main} with {@code args} and returns once it announced its port; fails if it exits first. */
  public static ChildJvm startServer(Class<?> main, String... args) throws IOException {
    return startServer(Map.of(), main, args);
  }

  /** Like {@link #startServer(Class, String...)} with {@code env} added to the child's environment. */
  public static ChildJvm startServer(Map<String, String> env, Class<?> main, String... args) throws IOException {
    // The child's temporary files (native libraries it unpacks, such as ONNX Runtime's 16 MB) go where this JVM
    // deletes them at exit: a child killed with SIGKILL never deletes its own.
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Djava.io.tmpdir=" + TempDirs.create("trellis-child"), "-cp", System.getProperty("java.class.path"),
        main.getName()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().putAll(env);
    Process p = pb.start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder log = new StringBuilder();
    String line;
    while ((line = out.readLine()) != null) {
      if (line.startsWith("PORT ")) {
        ChildJvm child = new ChildJvm(p, Integer.parseInt(line.substring(5).trim()));
        Thread.ofVirtual().start(() -> {
          try {
            String next;
            while ((next = out.readLine()) != null) {
              child.keep(next);
            }
          } catch (IOException ignored) {
            // the child died
          }
        });
        return child;
      }
      log.append(line).append('\n');
    }
    throw new IllegalStateException(main.getSimpleName() + " " + String.join(" ", args)
        + " exited before announcing its port:\n" + log);
  }

  /** Called by the child's main once it listens: prints {@code PORT <n>}. */
  public static void announcePort(int port) {
    System.out.println("PORT " + port);
    System.out.flush();
  }

  private void keep(String line) {
    synchronized (tail) {
      if (tail.size() == TAIL_LINES) {
        tail.removeFirst();
      }
      tail.addLast(line);
    }
  }

  /** The child's last {@value #TAIL_LINES} lines of output after its port line, oldest first. */
  public String logTail() {
    synchronized (tail) {
      return String.join("\n", tail);
    }
  }

  public int port() {
    return port;
  }

  public Process process() {
    return process;
  }

  /** Kills the child with SIGKILL (no shutdown hooks, no finally blocks) and returns its exit value (137). */
  public int kill9() throws InterruptedException {
    process.destroyForcibly();
    return process.waitFor();
  }

  @Override
  public void close() throws InterruptedException {
    kill9();
  }
}
