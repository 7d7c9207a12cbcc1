package dev.trellis.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The reference MCP server from npm ({@code @modelcontextprotocol/server-everything}, pinned in
 * src/test/js/package-lock.json, installed with {@code npm ci} on first use), started for tests
 * over stdio or streamable HTTP.
 */
final class McpServers {
  static final Path JS = Path.of("src/test/js");
  static final Path EVERYTHING = JS.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");

  private McpServers() {}

  static synchronized void npmCi() throws IOException, InterruptedException {
    if (Files.isRegularFile(EVERYTHING)) {
      return;
    }
    Process p = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(JS.toFile())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), "npm ci failed:\n" + out);
  }

  /** The command that runs the server over stdio. */
  static List<String> stdioCommand() throws IOException, InterruptedException {
    npmCi();
    return List.of("node", EVERYTHING.toAbsolutePath().toString(), "stdio");
  }

  /** Starts the server over streamable HTTP on a free port in 20000-29999; returns the process once it listens. */
  static Http http() throws IOException, InterruptedException {
    return http(freePort());
  }

  /** Starts the server over streamable HTTP on {@code port}; returns the process once it listens. */
  static Http http(int port) throws IOException, InterruptedException {
    npmCi();
    ProcessBuilder pb = new ProcessBuilder("node", EVERYTHING.toAbsolutePath().toString(), "streamableHttp")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    pb.environment().put("PORT", Integer.toString(port));
    Process p = pb.start();
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (true) {
      try (Socket s = new Socket("127.0.0.1", port)) {
        return new Http(p, "http://127.0.0.1:" + port + "/mcp");
      } catch (IOException notYet) {
        if (!p.isAlive() || System.nanoTime() > deadline) {
          p.destroyForcibly();
          throw new IOException("the MCP server did not listen on port " + port, notYet);
        }
        Thread.sleep(50); // waiting for a child process to bind its port, not for a clock
      }
    }
  }

  private static int freePort() throws IOException {
    for (int port = 20000 + (int) (ProcessHandle.current().pid() % 5000) * 2; port < 30000; port++) {
      try (ServerSocket s = new ServerSocket(port)) {
        return port;
      } catch (IOException taken) {
        // try the next one
      }
    }
    throw new IOException("no free port in 20000-29999");
  }

  /** A running HTTP MCP server; closing it stops the process. */
  record Http(Process process, String url) implements AutoCloseable {
    @Override
    public void close() throws InterruptedException {
      process.destroy();
      process.waitFor();
    }
  }
}
