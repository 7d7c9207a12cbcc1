package dev.trellis.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@code trellis serve} in a child JVM — same Java, JVM options and class path as this one —
 * so it runs with a config's environment variables ({@code env}), and so {@code trellis dev} can
 * restart it with fresh classes. The child's output is this process's; stopping this process
 * stops the child.
 */
final class ServerProcess {
  private ServerProcess() {}

  /** Whether this process already has every variable of {@code env} with its value. */
  static boolean hasEnv(Map<String, String> env) {
    return env.entrySet().stream().allMatch(e -> e.getValue().equals(System.getenv(e.getKey())));
  }

  /** A child {@code trellis serve args...} with {@code env} added to this process's environment. */
  static ProcessBuilder serve(List<String> args, Map<String, String> env) {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    for (String jvmArg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!jvmArg.startsWith("-agentlib:jdwp")) { // a debugger port can be bound once only
        cmd.add(jvmArg);
      }
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(TrellisCommand.class.getName());
    cmd.add("serve");
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
    pb.environment().putAll(env);
    return pb;
  }

  /** Starts the child, stops it when this JVM stops, and returns its exit code. */
  static int runToEnd(ProcessBuilder pb) throws IOException, InterruptedException {
    Process p = pb.start();
    Thread stop = new Thread(() -> stop(p));
    Runtime.getRuntime().addShutdownHook(stop);
    int code = p.waitFor();
    try {
      Runtime.getRuntime().removeShutdownHook(stop);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or about to: nothing to undo
    }
    return code;
  }

  /** Asks the child to stop (its server shuts down gracefully) and waits for it. */
  static void stop(Process p) {
    p.destroy();
    try {
      p.waitFor();
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
