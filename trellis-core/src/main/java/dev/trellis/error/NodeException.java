package dev.trellis.error;

/**
 * A node's own code failed after its retries; wraps the cause once with the node name,
 * task path and attempt count.
 */
public final class NodeException extends TrellisException {
  private final String node;
  private final String taskPath;
  private final int attempts;

  public NodeException(String node, String taskPath, int attempts, Throwable cause) {
    super(ErrorCode.NODE_ERROR, "node \"" + node + "\" (task " + taskPath + ") failed after " + attempts
        + (attempts == 1 ? " attempt: " : " attempts: ") + cause, cause);
    this.node = node;
    this.taskPath = taskPath;
    this.attempts = attempts;
  }

  public String node() {
    return node;
  }

  public String taskPath() {
    return taskPath;
  }

  public int attempts() {
    return attempts;
  }
}
