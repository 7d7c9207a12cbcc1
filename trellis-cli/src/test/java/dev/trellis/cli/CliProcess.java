package dev.trellis.cli;

import dev.trellis.cli.config.Http;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** The trellis command in its own JVM (this test JVM's Java and class path), its output in a file; closing stops it. */
final class CliProcess implements AutoCloseable {
  final Process process;
  final Path log;
  final int port;

  private CliProcess(Process process, Path log, int port) {
    this.process = process;
    this.log = log;
    this.port = port;
  }

  /** Starts {@code trellis args... --port P} on a free port P. */
  static CliProcess start(Path dir, String... args) throws IOException {
    return start(dir, java.util.Map.of(), args);
  }

  /** Starts {@code trellis args... --port P} on a free port P with {@code env} added to this process's environment (a null value removes one). */
  static CliProcess start(Path dir, java.util.Map<String, String> env, String... args) throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    // temporary files (ONNX Runtime's unpacked natives) in the test's directory: a killed server never deletes its own
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Djava.io.tmpdir=" + dev.trellis.testkit.TempDirs.create("trellis-cli"), "-cp",
        System.getProperty("java.class.path"), TrellisCommand.class.getName()));
    cmd.addAll(List.of(args));
    cmd.addAll(List.of("--port", Integer.toString(port)));
    Path log = Files.createTempFile(dir, "trellis", ".log");
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
    env.forEach((k, v) -> {
      if (v == null) {
        pb.environment().remove(k);
      } else {
        pb.environment().put(k, v);
      }
    });
    Process p = pb.start();
    return new CliProcess(p, log, port);
  }

  Http http() {
    return new Http(port);
  }

  /** Waits (up to a minute; the process may be compiling nothing but JVMs start slowly on a busy machine) until {@code done}. */
  <T> T await(String what, Supplier<T> probe, java.util.function.Predicate<T> done) throws IOException {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
    T last = null;
    while (Instant.now().isBefore(deadline)) {
      try {
        last = probe.get();
        if (done.test(last)) {
          return last;
        }
      } catch (RuntimeException notYet) {
        // not listening yet, or restarting
      }
      if (!process.isAlive()) {
        break;   // it stopped: nothing more will come
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    throw new AssertionError("timed out waiting for " + what + " (last: " + last + "); output:\n" + output());
  }

  String output() throws IOException {
    return Files.readString(log);
  }

  @Override
  public void close() {
    List<ProcessHandle> children = process.descendants().toList();
    process.destroy();
    try {
      process.waitFor();
      for (ProcessHandle c : children) {
        c.onExit().get();
      }
    } catch (Exception e) {
      process.destroyForcibly();
      children.forEach(ProcessHandle::destroyForcibly);
    }
  }
}
