package dev.trellis.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPInputStream;

/**
 * An OTLP/HTTP receiver, as a collector runs one: {@code POST /v1/traces} and {@code /v1/metrics}
 * with protobuf bodies, decoded with OTLP's own message classes, answered with the protobuf
 * success response. Keeps every span and metric it received.
 */
final class OtlpReceiver implements AutoCloseable {
  final List<Span> spans = new CopyOnWriteArrayList<>();
  final List<Metric> metrics = new CopyOnWriteArrayList<>();
  final List<String> refused = new CopyOnWriteArrayList<>();
  private final HttpServer server;

  OtlpReceiver() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/v1/traces", ex -> receive(ex, () -> {
      ExportTraceServiceRequest r = ExportTraceServiceRequest.parseFrom(body(ex));
      r.getResourceSpansList().forEach(rs -> rs.getScopeSpansList().forEach(ss -> spans.addAll(ss.getSpansList())));
      return ExportTraceServiceResponse.getDefaultInstance().toByteArray();
    }));
    server.createContext("/v1/metrics", ex -> receive(ex, () -> {
      ExportMetricsServiceRequest r = ExportMetricsServiceRequest.parseFrom(body(ex));
      r.getResourceMetricsList().forEach(rm -> rm.getScopeMetricsList().forEach(sm -> metrics.addAll(sm.getMetricsList())));
      return ExportMetricsServiceResponse.getDefaultInstance().toByteArray();
    }));
    server.start();
  }

  /** The endpoint to give {@code OTEL_EXPORTER_OTLP_ENDPOINT}. */
  String endpoint() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  interface Decode {
    byte[] reply() throws IOException;
  }

  private void receive(HttpExchange ex, Decode decode) throws IOException {
    try (ex) {
      String type = ex.getRequestHeaders().getFirst("Content-Type");
      if (!"POST".equals(ex.getRequestMethod()) || !"application/x-protobuf".equals(type)) {
        refused.add(ex.getRequestMethod() + " " + ex.getRequestURI() + " " + type);
        ex.sendResponseHeaders(415, -1);
        return;
      }
      byte[] reply = decode.reply();
      ex.getResponseHeaders().set("Content-Type", "application/x-protobuf");
      ex.sendResponseHeaders(200, reply.length);
      ex.getResponseBody().write(reply);
    } catch (IOException | RuntimeException e) {
      refused.add(ex.getRequestURI() + ": " + e);
      throw e;
    }
  }

  private static byte[] body(HttpExchange ex) throws IOException {
    InputStream in = ex.getRequestBody();
    if ("gzip".equalsIgnoreCase(ex.getRequestHeaders().getFirst("Content-Encoding"))) {
      in = new GZIPInputStream(in);
    }
    return in.readAllBytes();
  }

  List<Span> named(String name) {
    return spans.stream().filter(s -> s.getName().equals(name)).toList();
  }

  List<Span> startingWith(String prefix) {
    return spans.stream().filter(s -> s.getName().startsWith(prefix)).toList();
  }

  Span byId(com.google.protobuf.ByteString spanId) {
    return spans.stream().filter(s -> s.getSpanId().equals(spanId)).findFirst()
        .orElseThrow(() -> new AssertionError("no span " + HexFormat.of().formatHex(spanId.toByteArray()) + " received"));
  }

  /** The value of attribute {@code key} of {@code span} (null when absent): a string, long, double, boolean or list. */
  static Object attr(Span span, String key) {
    return attr(span.getAttributesList(), key);
  }

  static Object attr(List<KeyValue> attributes, String key) {
    return attributes.stream().filter(kv -> kv.getKey().equals(key)).findFirst().map(kv -> value(kv.getValue())).orElse(null);
  }

  private static Object value(AnyValue v) {
    return switch (v.getValueCase()) {
      case STRING_VALUE -> v.getStringValue();
      case INT_VALUE -> v.getIntValue();
      case DOUBLE_VALUE -> v.getDoubleValue();
      case BOOL_VALUE -> v.getBoolValue();
      case ARRAY_VALUE -> v.getArrayValue().getValuesList().stream().map(OtlpReceiver::value).toList();
      default -> v.toString();
    };
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
