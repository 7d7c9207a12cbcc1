package dev.trellis.cli;

import dev.trellis.otel.TrellisTelemetry;
import dev.trellis.server.TrellisServer;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code trellis serve}'s tracing: when {@code OTEL_EXPORTER_OTLP_ENDPOINT} (or
 * {@code OTEL_EXPORTER_OTLP_TRACES_ENDPOINT}) is set, the OpenTelemetry SDK is configured the
 * standard way from the {@code OTEL_*} variables (autoconfigure: endpoint, headers, protocol,
 * sampler, resource attributes...) and every run is traced and measured, with the GenAI spans of
 * its model and tool calls (message content only when {@link #messageContent} says so, or
 * {@code --otel-capture-content} asked for it). Protocols
 * {@code http/protobuf} and {@code grpc} (the OTLP exporter's OkHttp sender speaks both). Defaults
 * that differ from the SDK's: protocol {@code http/protobuf}, service name {@code trellis}, no log export.
 */
final class OtlpExport {
  private OtlpExport() {}

  /** Configures {@code server} from {@code env}; returns the SDK to close at shutdown, or null when export is off. */
  static OpenTelemetrySdk apply(TrellisServer.Builder server, Map<String, String> env) {
    if (blank(env.get("OTEL_EXPORTER_OTLP_ENDPOINT")) && blank(env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))) {
      return null;
    }
    Map<String, String> props = new LinkedHashMap<>();
    props.put("otel.exporter.otlp.protocol", "http/protobuf");
    props.put("otel.service.name", "trellis");
    props.put("otel.logs.exporter", "none");
    // The given environment as properties (what the SDK also reads from the real one), so tests can pass their own.
    env.forEach((k, v) -> {
      if (k.startsWith("OTEL_")) {
        props.put(k.toLowerCase(Locale.ROOT).replace('_', '.'), v);
      }
    });
    OpenTelemetrySdk sdk = AutoConfiguredOpenTelemetrySdk.builder().addPropertiesSupplier(() -> props)
        .build().getOpenTelemetrySdk();
    server.telemetry(TrellisTelemetry.create(sdk).withMessageContent(messageContent(env)));
    return sdk;
  }

  /**
   * Makes {@code sdk} (or, without an endpoint, a no-op) the process-wide OpenTelemetry, so spans
   * applications make through {@code GlobalOpenTelemetry} (the rrc app's) are exported with the
   * runs', and the API does not try (and log about) autoconfiguring itself. Once per process: a
   * second call keeps the first.
   */
  static void installGlobal(OpenTelemetrySdk sdk) {
    try {
      io.opentelemetry.api.GlobalOpenTelemetry.set(sdk != null ? sdk : io.opentelemetry.api.OpenTelemetry.noop());
    } catch (IllegalStateException alreadySet) {
      // kept: the first serve of this process (tests start several) chose it
    }
  }

  /**
   * Whether model and tool spans record message content: {@code OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true}
   * in {@code env} (the GenAI conventions' switch; a {@code trellis.json} can set it in its {@code env}), or the
   * system property {@code otel.instrumentation.genai.capture-message-content=true}.
   */
  static boolean messageContent(Map<String, String> env) {
    String v = System.getProperty(TrellisTelemetry.CAPTURE_MESSAGE_CONTENT_PROPERTY);
    return Boolean.parseBoolean((v != null ? v : env.getOrDefault(TrellisTelemetry.CAPTURE_MESSAGE_CONTENT_ENV, "")).strip());
  }

  /**
   * Turns message content capture on for this process ({@code --otel-capture-content}): as the
   * system property {@code otel.instrumentation.genai.capture-message-content=true}, so the served
   * runs' telemetry and the global one (calls made outside a traced run) both record it.
   */
  static void captureMessageContent() {
    System.setProperty(TrellisTelemetry.CAPTURE_MESSAGE_CONTENT_PROPERTY, "true");
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
