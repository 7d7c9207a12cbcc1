package dev.trellis.agent.middleware.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs the shell as a process on this host (LangChain's {@code HostExecutionPolicy}), in the
 * workspace directory, with only the environment the middleware passes (nothing is inherited).
 * Optional CPU-time and memory limits are applied with {@code ulimit} before anything else
 * runs, so they bind the shell and every command it starts. Defaults: 30 s per command, 30 s
 * per startup command, 10 s to shut down, 100 lines, no byte limit, no CPU or memory limit.
 *
 * <p>This isolates nothing: the commands can do whatever this JVM's user can. Use it only for
 * trusted agents, or use {@link DockerExecutionPolicy}.
 */
public record HostExecutionPolicy(Duration commandTimeout, Duration startupTimeout, Duration terminationTimeout,
    int maxOutputLines, long maxOutputBytes, long cpuTimeSeconds, long memoryBytes) implements ExecutionPolicy {
  public HostExecutionPolicy {
    ExecutionPolicy.checkLimits(commandTimeout, startupTimeout, terminationTimeout, maxOutputLines, maxOutputBytes);
    if (cpuTimeSeconds < 0) {
      throw new IllegalArgumentException("cpu_time_seconds must be positive if provided.");
    }
    if (memoryBytes < 0) {
      throw new IllegalArgumentException("memory_bytes must be positive if provided.");
    }
  }

  /** LangChain's defaults. */
  public HostExecutionPolicy() {
    this(Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ofSeconds(10), 100, 0, 0, 0);
  }

  public HostExecutionPolicy withCommandTimeout(Duration d) {
    return new HostExecutionPolicy(d, startupTimeout, terminationTimeout, maxOutputLines, maxOutputBytes,
        cpuTimeSeconds, memoryBytes);
  }

  public HostExecutionPolicy withOutputLimits(int lines, long bytes) {
    return new HostExecutionPolicy(commandTimeout, startupTimeout, terminationTimeout, lines, bytes, cpuTimeSeconds,
        memoryBytes);
  }

  /** CPU seconds and bytes of address space the shell and its commands may use; 0 for no limit. */
  public HostExecutionPolicy withResourceLimits(long cpuSeconds, long bytes) {
    return new HostExecutionPolicy(commandTimeout, startupTimeout, terminationTimeout, maxOutputLines, maxOutputBytes,
        cpuSeconds, bytes);
  }

  @Override
  public Process spawn(Path workspace, Map<String, String> env, List<String> command) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(command).directory(workspace.toFile());
    pb.environment().clear();
    pb.environment().putAll(env);
    return pb.start();
  }

  @Override
  public List<String> limitCommands() {
    List<String> out = new ArrayList<>();
    if (cpuTimeSeconds > 0) {
      out.add("ulimit -t " + cpuTimeSeconds);
    }
    if (memoryBytes > 0) {
      out.add("ulimit -v " + Math.max(1, memoryBytes / 1024));
    }
    return out;
  }
}
