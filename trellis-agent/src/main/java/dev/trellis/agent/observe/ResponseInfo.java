package dev.trellis.agent.observe;

import java.util.List;

/**
 * What a provider said about an answer beyond the message: its completion id, the model that
 * actually answered, and why it stopped (one reason per choice, e.g. {@code stop},
 * {@code tool_calls}, {@code length}). Any part may be null (empty for the reasons) when the
 * provider did not say. Adapters report it with {@link Observed#responded}.
 */
public record ResponseInfo(String id, String model, List<String> finishReasons) {
  public ResponseInfo {
    finishReasons = finishReasons == null ? List.of() : List.copyOf(finishReasons);
  }
}
