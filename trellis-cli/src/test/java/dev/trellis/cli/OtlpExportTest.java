package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.server.TrellisServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Headers;
import okhttp3.Protocol;
import okio.Buffer;
import org.junit.jupiter.api.Test;

/** {@code trellis serve} exports traces over OTLP (http/protobuf or gRPC) when the standard environment variables name a collector. */
class OtlpExportTest {
  record Received(String path, String contentType, byte[] body) {}

  @Test
  void withoutAnEndpointNothingIsExported() {
    assertNull(OtlpExport.apply(TrellisServer.builder(), Map.of("PATH", "/usr/bin")));
  }

  @Test
  void runsAreExportedToTheCollectorTheEnvironmentNames() throws Exception {
    List<Received> received = new CopyOnWriteArrayList<>();
    HttpServer collector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    collector.createContext("/", ex -> {
      received.add(new Received(ex.getRequestURI().getPath(), ex.getRequestHeaders().getFirst("Content-Type"),
          ex.getRequestBody().readAllBytes()));
      ex.sendResponseHeaders(200, -1);
      ex.close();
    });
    collector.start();
    try {
      runOneTracedRun(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + collector.getAddress().getPort()));
    } finally {
      collector.stop(0);
    }
    Received traces = received.stream().filter(r -> r.path().equals("/v1/traces")).findFirst()
        .orElseThrow(() -> new AssertionError("no POST /v1/traces: " + received.stream().map(Received::path).toList()));
    assertEquals("application/x-protobuf", traces.contentType());
    assertTrue(contains(traces.body(), HexFormat.of().parseHex(TRACE)), "the exported spans carry the caller's trace id");
    assertTrue(contains(traces.body(), "invoke_agent hello".getBytes()), "the run span is exported");
    assertTrue(received.stream().anyMatch(r -> r.path().equals("/v1/metrics")), "metrics are exported at shutdown");
  }

  @Test
  void runsAreExportedOverGrpcWhenTheProtocolSaysSo() throws Exception {
    List<Received> received = new CopyOnWriteArrayList<>();
    try (MockWebServer collector = new MockWebServer()) {
      // OTLP/gRPC without TLS: HTTP/2 from the first byte; each call answered with an empty message and status OK.
      collector.setProtocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE));
      collector.setDispatcher(new Dispatcher() {
        @Override
        public MockResponse dispatch(RecordedRequest r) {
          received.add(new Received(r.getUrl().encodedPath(), r.getHeaders().get("content-type"),
              r.getBody() == null ? new byte[0] : r.getBody().toByteArray()));
          return new MockResponse.Builder().code(200).addHeader("content-type", "application/grpc")
              .body(new Buffer().write(new byte[5])).trailers(Headers.of("grpc-status", "0")).build();
        }
      });
      collector.start(InetAddress.getByName("127.0.0.1"), 0);
      runOneTracedRun(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + collector.getPort(),
          "OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"));
    }
    Received traces = received.stream()
        .filter(r -> r.path().equals("/opentelemetry.proto.collector.trace.v1.TraceService/Export")).findFirst()
        .orElseThrow(() -> new AssertionError("no TraceService/Export call: " + received.stream().map(Received::path).toList()));
    assertEquals("application/grpc", traces.contentType());
    assertTrue(contains(traces.body(), HexFormat.of().parseHex(TRACE)), "the exported spans carry the caller's trace id");
    assertTrue(contains(traces.body(), "invoke_agent hello".getBytes()), "the run span is exported");
    assertTrue(received.stream().anyMatch(r -> r.path().equals("/opentelemetry.proto.collector.metrics.v1.MetricsService/Export")),
        "metrics are exported at shutdown");
  }

  static final String TRACE = "5bf92f3577b34da6a3ce929d0e0e4736";

  /** Serves one graph configured from {@code env}, runs it once under a caller's trace, flushes and closes the SDK. */
  private static void runOneTracedRun(Map<String, String> env) throws Exception {
    Key<String> said = Key.of("said", String.class);
    TrellisServer.Builder b = TrellisServer.builder().port(0).host("127.0.0.1")
        .sqlite(Files.createTempDirectory("otlp").resolve("s.db"))
        .graph("hello", (saver, store) -> StateGraph.of(Schema.of(said))
            .addNode("greet", (s, rt) -> Update.of(said, "hi")).addEdge(StateGraph.START, "greet")
            .compile(CompileOptions.checkpointer(saver).withName("hello")));
    var sdk = OtlpExport.apply(b, env);
    try (TrellisServer server = b.start()) {
      HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/runs/wait"))
          .header("Content-Type", "application/json").header("traceparent", "00-" + TRACE + "-00f067aa0ba902b7-01")
          .POST(HttpRequest.BodyPublishers.ofString("{\"assistant_id\": \"hello\", \"input\": {}}")).build();
      HttpResponse<String> reply = HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofString());
      assertEquals(200, reply.statusCode(), reply.body());
      assertTrue(sdk.getSdkTracerProvider().forceFlush().join(10, TimeUnit.SECONDS).isSuccess(), "the spans were accepted");
    } finally {
      sdk.close();
    }
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}
