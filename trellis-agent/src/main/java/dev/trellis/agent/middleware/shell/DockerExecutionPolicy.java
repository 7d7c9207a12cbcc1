package dev.trellis.agent.middleware.shell;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs the shell in a Docker container (LangChain's {@code DockerExecutionPolicy}):
 * {@code docker run -i --rm}, without network unless enabled, the workspace mounted at its own
 * path and used as working directory, the environment passed with {@code -e}, optional memory,
 * CPU, user, read-only root and extra arguments. Needs the {@code docker} CLI on the PATH and a
 * reachable engine; without the CLI, starting the shell fails saying so.
 */
public record DockerExecutionPolicy(Duration commandTimeout, Duration startupTimeout, Duration terminationTimeout,
    int maxOutputLines, long maxOutputBytes, String binary, String image, boolean network, long memoryBytes,
    String cpus, String user, boolean readOnlyRootfs, List<String> extraRunArgs) implements ExecutionPolicy {
  public DockerExecutionPolicy {
    ExecutionPolicy.checkLimits(commandTimeout, startupTimeout, terminationTimeout, maxOutputLines, maxOutputBytes);
    if (memoryBytes < 0) {
      throw new IllegalArgumentException("memory_bytes must be positive if provided.");
    }
    if (cpus != null && cpus.isBlank()) {
      throw new IllegalArgumentException("cpus must be a non-empty string when provided.");
    }
    if (user != null && user.isBlank()) {
      throw new IllegalArgumentException("user must be a non-empty string when provided.");
    }
    extraRunArgs = List.copyOf(extraRunArgs == null ? List.of() : extraRunArgs);
  }

  /** LangChain's defaults for {@code image}: no network, 30 s per command, 100 lines. */
  public static DockerExecutionPolicy of(String image) {
    return new DockerExecutionPolicy(Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ofSeconds(10), 100, 0,
        "docker", image, false, 0, null, null, false, List.of());
  }

  public DockerExecutionPolicy withBinary(String b) {
    return new DockerExecutionPolicy(commandTimeout, startupTimeout, terminationTimeout, maxOutputLines,
        maxOutputBytes, b, image, network, memoryBytes, cpus, user, readOnlyRootfs, extraRunArgs);
  }

  @Override
  public Process spawn(Path workspace, Map<String, String> env, List<String> command) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(command(workspace, env, command)).directory(workspace.toFile());
    return pb.start();
  }

  /** The {@code docker run} command line that starts {@code command} in the container. */
  public List<String> command(Path workspace, Map<String, String> env, List<String> command) {
    List<String> c = new ArrayList<>(List.of(resolveBinary(), "run", "-i", "--rm"));
    if (!network) {
      c.addAll(List.of("--network", "none"));
    }
    if (memoryBytes > 0) {
      c.addAll(List.of("--memory", String.valueOf(memoryBytes)));
    }
    String host = workspace.toAbsolutePath().toString();
    c.addAll(List.of("-v", host + ":" + host, "-w", host));
    if (readOnlyRootfs) {
      c.add("--read-only");
    }
    env.forEach((k, v) -> c.addAll(List.of("-e", k + "=" + v)));
    if (cpus != null) {
      c.addAll(List.of("--cpus", cpus));
    }
    if (user != null) {
      c.addAll(List.of("--user", user));
    }
    c.addAll(extraRunArgs);
    c.add(image);
    c.addAll(command);
    return c;
  }

  private String resolveBinary() {
    if (binary.contains(File.separator)) {
      if (Files.isExecutable(Path.of(binary))) {
        return binary;
      }
    } else {
      String path = System.getenv("PATH");
      for (String dir : path == null ? new String[0] : path.split(File.pathSeparator)) {
        Path candidate = Path.of(dir, binary);
        if (Files.isExecutable(candidate)) {
          return candidate.toString();
        }
      }
    }
    throw new IllegalStateException("Docker execution policy requires the '" + binary
        + "' CLI to be installed and available on PATH; no Docker engine can be used here. "
        + "Install Docker or use HostExecutionPolicy.");
  }
}
