package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A {@code /runs/wait} response ends where its framing says and nothing follows it on the kept-alive connection, even
 * when the keep-alive newlines beat as often as they can while the run executes on the request's thread: a client
 * that pools the connection must find it silent until its next request (the JDK client fails a pooled connection that
 * receives bytes: "Data received while in pool").
 */
class WaitResponseEndsCleanTest {
  static final Key<Integer> N = Key.of("n", Integer.class);

  @Test
  void noByteFollowsAWaitedRunsResponseOnAKeptAliveConnection() throws Exception {
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("server.db"))
        .keepAlive(Duration.ofMillis(1))
        .graph("nap", (saver, store) -> {
          StateGraph g = StateGraph.of(Schema.of(N));
          g.addNode("nap", (s, rt) -> {
            Thread.sleep(s.get(N) % 4); // 0-3 ms: the run ends around a beat
            return Update.of(N, s.get(N) + 1);
          });
          g.addEdge(StateGraph.START, "nap");
          return g.compile(CompileOptions.checkpointer(saver).withStore(store));
        }).start();
         Socket socket = new Socket("127.0.0.1", server.port())) {
      HttpClientHelper http = new HttpClientHelper(server);
      InputStream in = new java.io.BufferedInputStream(socket.getInputStream());
      OutputStream out = socket.getOutputStream();
      int newlines = 0;
      for (int i = 0; i < 100; i++) {
        String t = http.call("POST", "/threads", Map.of()).get("thread_id");
        byte[] body = HttpClientHelper.write(Map.of("assistant_id", "nap", "input", Map.of("n", i)))
            .getBytes(StandardCharsets.UTF_8);
        out.write(("POST /threads/" + t + "/runs/wait HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
        socket.setSoTimeout(10_000);
        String text = response(in);
        newlines += (int) text.chars().takeWhile(c -> c == '\n').count();
        @SuppressWarnings("unchecked")
        Map<String, Object> result = (Map<String, Object>) HttpClientHelper.readJson(text.strip());
        assertEquals(i + 1, ((Number) result.get("n")).intValue(), text);
        socket.setSoTimeout(15);
        try {
          int b = in.read();
          fail("the server sent " + (b < 0 ? "EOF" : "byte " + b) + " after response " + i + ": " + text);
        } catch (SocketTimeoutException quiet) {
          // nothing followed the response
        }
      }
      assertTrue(newlines > 0, "the keep-alive beats raced the runs' ends: no newline was written");
    }
  }

  /** Reads one HTTP/1.1 response (status 200, chunked or with a length) and returns its body. */
  private static String response(InputStream in) throws IOException {
    String status = line(in);
    assertTrue(status.startsWith("HTTP/1.1 200"), status);
    Map<String, String> headers = new LinkedHashMap<>();
    for (String h = line(in); !h.isEmpty(); h = line(in)) {
      int colon = h.indexOf(':');
      headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      while (true) {
        int size = Integer.parseInt(line(in).split(";")[0].trim(), 16);
        if (size == 0) {
          for (String trailer = line(in); !trailer.isEmpty(); trailer = line(in)) {
            // trailers: none expected
          }
          break;
        }
        body.write(in.readNBytes(size));
        assertEquals("", line(in), "a chunk ends with CRLF");
      }
    } else {
      String length = headers.get("content-length");
      assertTrue(length != null, "a kept-alive response is chunked or has a length: " + headers);
      body.write(in.readNBytes(Integer.parseInt(length)));
    }
    return body.toString(StandardCharsets.UTF_8);
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (int c = in.read(); c != '\n'; c = in.read()) {
      if (c < 0) {
        throw new IOException("connection closed mid-response");
      }
      if (c != '\r') {
        b.write(c);
      }
    }
    return b.toString(StandardCharsets.US_ASCII);
  }
}
