package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code trellis serve --port N} on a port another process holds says so in one line, not a stack trace. */
class ServePortTest {
  @Test
  void aTakenPortIsOneLineNamingThePort(@TempDir Path dir) throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
      PrintStream oldErr = System.err;
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int rc;
      try {
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        rc = TrellisCommand.commandLine().execute("serve", "--port", Integer.toString(taken.getLocalPort()),
            "--db", dir.resolve("t.db").toString(), "--graphs", Path.of("..", "examples").toString());
      } finally {
        System.setErr(oldErr);
      }
      String text = err.toString(StandardCharsets.UTF_8);
      assertEquals(2, rc, text);
      assertTrue(text.contains("trellis serve: cannot listen on 127.0.0.1:" + taken.getLocalPort()), text);
      assertTrue(!text.contains("\tat "), "no stack trace: " + text);
    }
  }
}
