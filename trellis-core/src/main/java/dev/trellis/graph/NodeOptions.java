package dev.trellis.graph;

import dev.trellis.policy.CachePolicy;
import dev.trellis.policy.RetryPolicy;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Per-node settings: retry policies (the first whose {@code retryOn} matches is used),
 * a cache policy, {@code defer} (run only when nothing else is left to run), and the
 * {@code destinations} the node may reach by returning a {@link Command} or {@link Send}
 * (used for reachability checks and drawings; like LangGraph's {@code destinations}).
 */
public record NodeOptions(List<RetryPolicy> retry, CachePolicy cache, boolean defer, Set<String> destinations,
                          Map<String, Object> metadata) {
  public static final NodeOptions DEFAULT = new NodeOptions(List.of(), null, false, Set.of(), Map.of());

  public NodeOptions {
    retry = List.copyOf(retry == null ? List.of() : retry);
    destinations = Set.copyOf(destinations == null ? Set.of() : destinations);
    metadata = Map.copyOf(metadata == null ? Map.of() : metadata);
  }

  public static NodeOptions retry(RetryPolicy... policies) {
    return DEFAULT.withRetry(policies);
  }

  public static NodeOptions cache(CachePolicy policy) {
    return DEFAULT.withCache(policy);
  }

  public static NodeOptions deferred() {
    return DEFAULT.withDefer(true);
  }

  public static NodeOptions destinations(String... nodes) {
    return DEFAULT.withDestinations(nodes);
  }

  public NodeOptions withRetry(RetryPolicy... policies) {
    return new NodeOptions(List.of(policies), cache, defer, destinations, metadata);
  }

  public NodeOptions withCache(CachePolicy policy) {
    return new NodeOptions(retry, policy, defer, destinations, metadata);
  }

  public NodeOptions withDefer(boolean d) {
    return new NodeOptions(retry, cache, d, destinations, metadata);
  }

  public NodeOptions withDestinations(String... nodes) {
    return new NodeOptions(retry, cache, defer, Set.of(nodes), metadata);
  }

  public NodeOptions withMetadata(Map<String, Object> m) {
    return new NodeOptions(retry, cache, defer, destinations, m);
  }
}
