package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * LangGraph's official clients against the server on SQLite: the real
 * {@code @langchain/langgraph-sdk} (npm, pinned; src/test/js/sdk-test.mjs) and the Python
 * {@code langgraph-sdk} (the version langgraph 1.2.12 installs in the oracle's virtualenv;
 * src/test/python/sdk_test.py): assistants, streaming in several modes, interrupt and resume,
 * history, fork, store, join, resumable join-stream, cancel, reject, stateless runs and errors.
 */
class SdkClientTest {
  static final Path JS = Path.of("src/test/js");

  static void npmCi() throws IOException, InterruptedException {
    if (Files.isDirectory(JS.resolve("node_modules/@langchain/langgraph-sdk"))
        && Files.isDirectory(JS.resolve("node_modules/@modelcontextprotocol/sdk"))
        && Files.isDirectory(JS.resolve("node_modules/@a2a-js/sdk"))
        && Files.isDirectory(JS.resolve("node_modules/a2a-sdk-1"))) {
      return;
    }
    Process p = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(JS.toFile())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), "npm ci failed:\n" + out);
  }

  static String node(String script, String url) throws IOException, InterruptedException {
    return run(new ProcessBuilder("node", script).directory(JS.toFile()), url);
  }

  /** Runs a client script against {@code url} (TRELLIS_URL) and returns its output; fails if it exits non-zero. */
  static String run(ProcessBuilder pb, String url) throws IOException, InterruptedException {
    pb.redirectErrorStream(true);
    pb.environment().put("TRELLIS_URL", url);
    Process run = pb.start();
    String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(run.waitFor(120, TimeUnit.SECONDS), "node did not finish");
    assertEquals(0, run.exitValue(), "the client script failed:\n" + out);
    return out;
  }

  @Test
  void theOfficialJsClientDrivesEveryFeature() throws Exception {
    npmCi();
    Path dir = TestServers.tempDir();
    try (TrellisServer server = TestServers.sqlite(dir)) {
      String out = node("sdk-test.mjs", "http://127.0.0.1:" + server.port());
      for (String step : List.of("assistants", "stream", "interrupt-resume", "history", "fork", "store", "join",
          "join-stream", "cancel", "stateless-and-errors")) {
        assertTrue(out.contains("ok " + step + "\n"), "step " + step + " missing:\n" + out);
      }
      assertTrue(out.contains("SDK OK"));
    }
  }

  @Test
  void theOfficialPythonClientDrivesTheSameFeatures() throws Exception {
    Path python = Path.of("..", ".oracle-venv", "bin", "python").toAbsolutePath().normalize();
    assertTrue(Files.isExecutable(python), "no " + python + ": run conformance/oracle/setup.sh (bin/test does)");
    Path dir = TestServers.tempDir();
    try (TrellisServer server = TestServers.sqlite(dir)) {
      String out = run(new ProcessBuilder(python.toString(), "src/test/python/sdk_test.py"),
          "http://127.0.0.1:" + server.port());
      for (String step : List.of("assistants", "stream", "interrupt-resume", "history-fork", "store", "join-cancel",
          "stream-stateless-errors", "join-thread-stream")) {
        assertTrue(out.contains("ok " + step + "\n"), "step " + step + " missing:\n" + out);
      }
      assertTrue(out.contains("PY SDK OK"));
    }
  }
}
