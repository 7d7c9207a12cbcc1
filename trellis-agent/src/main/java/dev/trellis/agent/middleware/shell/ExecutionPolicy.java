package dev.trellis.agent.middleware.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Where and under which limits the shell runs (LangChain's {@code BaseExecutionPolicy}): the
 * timeout of each command, of each startup command, and of the shell's shutdown; how many lines
 * and bytes of a command's output the model sees (the rest is counted and reported as
 * truncated). Implementations are immutable values.
 */
public sealed interface ExecutionPolicy permits HostExecutionPolicy, DockerExecutionPolicy {
  Duration commandTimeout();

  Duration startupTimeout();

  Duration terminationTimeout();

  int maxOutputLines();

  /** The byte limit of a command's output, or 0 for none. */
  long maxOutputBytes();

  /** Starts {@code command} (the shell) in {@code workspace} with exactly {@code env} as its environment. */
  Process spawn(Path workspace, Map<String, String> env, List<String> command) throws IOException;

  /** Commands the shell runs first to apply this policy's limits (none by default). */
  default List<String> limitCommands() {
    return List.of();
  }

  /** Checks the limits every policy shares. */
  static void checkLimits(Duration command, Duration startup, Duration termination, int lines, long bytes) {
    for (Duration d : List.of(command, startup, termination)) {
      if (d == null || d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException("timeouts must be positive, not " + d);
      }
    }
    if (lines <= 0) {
      throw new IllegalArgumentException("max_output_lines must be positive.");
    }
    if (bytes < 0) {
      throw new IllegalArgumentException("max_output_bytes must be positive, or 0 for no limit");
    }
  }
}
