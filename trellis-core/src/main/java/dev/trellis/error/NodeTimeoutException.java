package dev.trellis.error;

import java.time.Duration;

/** A node attempt ran past its run timeout, or went quiet past its idle timeout. */
public final class NodeTimeoutException extends TrellisException {
  private final String node;
  private final Duration limit;

  public NodeTimeoutException(String node, String which, Duration limit) {
    super(ErrorCode.NODE_TIMEOUT, "node \"" + node + "\" exceeded its " + which + " timeout of " + limit);
    this.node = node;
    this.limit = limit;
  }

  public String node() {
    return node;
  }

  public Duration limit() {
    return limit;
  }
}
