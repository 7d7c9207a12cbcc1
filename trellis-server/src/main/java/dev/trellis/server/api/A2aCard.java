package dev.trellis.server.api;

import dev.trellis.server.db.Assistant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An assistant's A2A agent card. Its {@code supportedInterfaces} name one JSON-RPC endpoint
 * twice, at protocol 1.0 (preferred, first) and at 0.3, as the 1.0 specification lets an agent
 * serve several versions at one URL. A client asking for 1.0 ({@code A2A-Version: 1.0}) gets
 * the 1.0 card; any other gets the same card with 0.3's top-level fields added
 * ({@code protocolVersion}, {@code url}, {@code preferredTransport}), which 0.3 clients read and
 * 1.0 clients ignore — the official SDK's "superset" card.
 */
final class A2aCard {
  private A2aCard() {}

  static Map<String, Object> of(Assistant a, String url, A2aVersion asked) {
    String description = a.description() != null && !a.description().isBlank() ? a.description()
        : "Trellis graph " + a.graphId();
    Map<String, Object> card = new LinkedHashMap<>();
    card.put("name", a.name());
    card.put("description", description);
    List<Map<String, Object>> interfaces = new ArrayList<>();
    for (String version : List.of(A2aVersion.V1_0.number, A2aVersion.V0_3.number)) {
      interfaces.add(Map.of("url", url, "protocolBinding", "JSONRPC", "protocolVersion", version));
    }
    card.put("supportedInterfaces", interfaces);
    if (asked == A2aVersion.V0_3) {
      card.put("protocolVersion", A2aApi.PROTOCOL_VERSION_0_3);
      card.put("url", url);
      card.put("preferredTransport", "JSONRPC");
    }
    card.put("version", String.valueOf(a.version()));
    Map<String, Object> capabilities = new LinkedHashMap<>();
    capabilities.put("streaming", true);
    capabilities.put("pushNotifications", false);
    if (asked == A2aVersion.V0_3) {
      capabilities.put("stateTransitionHistory", false);
    } else {
      capabilities.put("extendedAgentCard", false);
    }
    card.put("capabilities", capabilities);
    card.put("defaultInputModes", List.of("text/plain", "application/json"));
    card.put("defaultOutputModes", List.of("text/plain", "application/json"));
    card.put("skills", List.of(Map.of("id", a.graphId(), "name", a.name(), "description", description,
        "tags", List.of("trellis", a.graphId()))));
    return card;
  }
}
