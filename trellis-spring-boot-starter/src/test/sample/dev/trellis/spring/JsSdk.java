package dev.trellis.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs trellis-spring-boot-starter/src/test/js/spring-sdk-test.mjs with LangGraph's official JS client, taken from the
 * installation trellis-server's SDK tests use (npm ci there when missing; the version is pinned there).
 */
final class JsSdk {
  static final Path SDK_DIR = Path.of("..", "trellis-server", "src", "test", "js").toAbsolutePath().normalize();
  /** The script, found from any top-level module (the starter's tests and the Boot 3.5 sample's). */
  static final Path SCRIPT = Path.of("..", "trellis-spring-boot-starter", "src", "test", "js", "spring-sdk-test.mjs")
      .toAbsolutePath().normalize();

  private JsSdk() {}

  /** Drives the API at {@code apiUrl} and asserts every step of the script passed. */
  static void drive(String apiUrl) throws IOException, InterruptedException {
    npmCi();
    ProcessBuilder pb = new ProcessBuilder("node", SCRIPT.toString()).redirectErrorStream(true);
    pb.environment().put("TRELLIS_URL", apiUrl);
    pb.environment().put("SDK_DIR", SDK_DIR.toString());
    Process node = pb.start();
    String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(node.waitFor(120, TimeUnit.SECONDS), "node did not finish");
    assertEquals(0, node.exitValue(), "the client script failed:\n" + out);
    for (String step : List.of("assistants", "thread", "stream", "state", "runs", "compiled")) {
      assertTrue(out.contains("ok " + step + "\n"), "step " + step + " missing:\n" + out);
    }
    assertTrue(out.contains("SPRING SDK OK"), out);
  }

  private static void npmCi() throws IOException, InterruptedException {
    if (Files.isDirectory(SDK_DIR.resolve("node_modules/@langchain/langgraph-sdk"))) {
      return;
    }
    Process p = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(SDK_DIR.toFile())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), "npm ci failed:\n" + out);
  }
}
