package dev.trellis.pipeline;

import java.util.List;
import java.util.Map;

/**
 * The aggregated result of a pipeline run: one section per tool that produced output
 * (run now or reused by a skip gate), the optional tools that failed ({@code missing};
 * {@code degraded} when any), the skipped tools, and {@code failed} with the errors when a
 * required tool failed.
 */
public record Bundle(Map<String, Object> sections, List<String> missing, List<String> skipped, Map<String, String> errors,
                     boolean failed) {
  public Bundle {
    sections = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sections));
    missing = List.copyOf(missing);
    skipped = List.copyOf(skipped);
    errors = Map.copyOf(errors);
  }

  public boolean degraded() {
    return !missing.isEmpty();
  }
}
