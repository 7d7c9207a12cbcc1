package dev.trellis.graph;

import dev.trellis.policy.RetryPolicy;
import dev.trellis.policy.TimeoutPolicy;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Per-node settings: retry policies (the first whose {@code retryOn} matches is used),
 * a cache policy, {@code defer} (run only when nothing else is left to run), the
 * {@code destinations} the node may reach by returning a {@link Command} or {@link Send}
 * (used for reachability checks and drawings; like LangGraph's {@code destinations}),
 * a per-attempt timeout and an error handler used after the retries are exhausted.
 * Applied in this order: cache lookup → retry loop → per-attempt timeout → node → error handler.
 * {@code trace} shapes what listeners (traces) see of the node's payloads (null: as they are).
 */
public record NodeOptions(List<RetryPolicy> retry, CachePolicy cache, boolean defer, Set<String> destinations,
                          Map<String, Object> metadata, TimeoutPolicy timeout, ErrorHandler onError,
                          dev.trellis.observe.TracePolicy trace) {
  public static final NodeOptions DEFAULT = new NodeOptions(List.of(), null, false, Set.of(), Map.of(), null, null,
      null);

  public NodeOptions(List<RetryPolicy> retry, CachePolicy cache, boolean defer, Set<String> destinations,
                     Map<String, Object> metadata, TimeoutPolicy timeout, ErrorHandler onError) {
    this(retry, cache, defer, destinations, metadata, timeout, onError, null);
  }

  public NodeOptions {
    retry = List.copyOf(retry == null ? List.of() : retry);
    // declared order is kept, so drawings and manifests list Command destinations the same way every run
    destinations = java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(destinations == null ? Set.of()
        : destinations));
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

  public static NodeOptions timeout(TimeoutPolicy policy) {
    return DEFAULT.withTimeout(policy);
  }

  public NodeOptions withRetry(RetryPolicy... policies) {
    return new NodeOptions(List.of(policies), cache, defer, destinations, metadata, timeout, onError, trace);
  }

  public NodeOptions withCache(CachePolicy policy) {
    return new NodeOptions(retry, policy, defer, destinations, metadata, timeout, onError, trace);
  }

  public NodeOptions withDefer(boolean d) {
    return new NodeOptions(retry, cache, d, destinations, metadata, timeout, onError, trace);
  }

  public NodeOptions withDestinations(String... nodes) {
    return new NodeOptions(retry, cache, defer, new java.util.LinkedHashSet<>(List.of(nodes)), metadata, timeout, onError,
        trace);
  }

  public NodeOptions withMetadata(Map<String, Object> m) {
    return new NodeOptions(retry, cache, defer, destinations, m, timeout, onError, trace);
  }

  public NodeOptions withTimeout(TimeoutPolicy t) {
    return new NodeOptions(retry, cache, defer, destinations, metadata, t, onError, trace);
  }

  public NodeOptions withErrorHandler(ErrorHandler h) {
    return new NodeOptions(retry, cache, defer, destinations, metadata, timeout, h, trace);
  }

  /** What traces record of this node's input state and output writes. */
  public NodeOptions withTrace(dev.trellis.observe.TracePolicy policy) {
    return new NodeOptions(retry, cache, defer, destinations, metadata, timeout, onError, policy);
  }

  /** These options with every unset part (no retry, cache, timeout or handler) taken from {@code defaults}. */
  public NodeOptions orDefaults(NodeOptions defaults) {
    return new NodeOptions(retry.isEmpty() ? defaults.retry : retry, cache == null ? defaults.cache : cache,
        defer, destinations, metadata, timeout == null ? defaults.timeout : timeout,
        onError == null ? defaults.onError : onError, trace == null ? defaults.trace : trace);
  }
}
