package dev.trellis.server.queue;

import dev.trellis.server.error.ServerException;

import java.util.Map;
import java.util.Set;

/**
 * Range and value checks of the run-create fields whose shape alone does not make them valid,
 * made when the run is created so that a bad value is a 422 and never a run that fails later.
 */
final class RunFieldChecks {
  /** The longest delay a run may be scheduled with ({@code after_seconds}): one year. */
  static final long MAX_AFTER_SECONDS = 365L * 24 * 3600;
  /** The largest {@code config.recursion_limit} accepted. */
  static final int MAX_RECURSION_LIMIT = 1_000_000;

  private RunFieldChecks() {}

  static void check(Map<String, Object> body) {
    Object after = body.get("after_seconds");
    if (after != null && !(after instanceof Number n && Double.isFinite(n.doubleValue()) && n.doubleValue() >= 0
        && n.doubleValue() <= MAX_AFTER_SECONDS)) {
      throw ServerException.invalid("\"after_seconds\" must be a number of seconds from 0 to " + MAX_AFTER_SECONDS
          + " (one year), got " + ServerException.echo(after));
    }
    oneOf(body, "on_completion", Set.of("delete", "keep"));
    oneOf(body, "if_not_exists", Set.of("create", "reject"));
    for (String flag : new String[] {"stream_subgraphs", "stream_resumable", "checkpoint_during"}) {
      Object v = body.get(flag);
      if (v != null && !(v instanceof Boolean)) {
        throw ServerException.invalid("\"" + flag + "\" must be true or false, got " + ServerException.echo(v));
      }
    }
    if (body.get("config") instanceof Map<?, ?> config && config.get("recursion_limit") != null) {
      Object limit = config.get("recursion_limit");
      if (!(limit instanceof Integer || limit instanceof Long) || ((Number) limit).longValue() < 1
          || ((Number) limit).longValue() > MAX_RECURSION_LIMIT) {
        throw ServerException.invalid("\"config.recursion_limit\" must be an integer from 1 to " + MAX_RECURSION_LIMIT
            + ", got " + ServerException.echo(limit));
      }
    }
  }

  private static void oneOf(Map<String, Object> body, String key, Set<String> allowed) {
    Object v = body.get(key);
    if (v != null && !allowed.contains(v)) {
      throw ServerException.invalid("\"" + key + "\" must be one of " + new java.util.TreeSet<>(allowed) + ", got "
          + ServerException.echo(v));
    }
  }
}
