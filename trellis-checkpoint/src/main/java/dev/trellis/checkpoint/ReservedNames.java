package dev.trellis.checkpoint;

/**
 * Channel, node and namespace names the engine keeps for itself, as they appear in
 * checkpoints, pending writes and caches. One definition shared by the engine and the
 * savers; user names may not start with {@code __}, {@code branch:to:} or {@code join:}.
 * The reserved pending-write channels and their row indexes are on {@link PendingWrite}.
 */
public final class ReservedNames {
  private ReservedNames() {}

  /** The entry node and the channel that carries a run's input. */
  public static final String START = "__start__";
  /** The virtual exit node. */
  public static final String END = "__end__";
  /** The topic of pending {@code Send}s. */
  public static final String TASKS = "__pregel_tasks";
  /** Prefix of the trigger channel of a node reached by an edge: {@code branch:to:NODE}. */
  public static final String BRANCH_TO = "branch:to:";
  /** Prefix of a join barrier channel: {@code join:a+b:target}. */
  public static final String JOIN = "join:";
  /** The versions-seen row of what the last interrupt saw. */
  public static final String INTERRUPT_SEEN = "__interrupt__";
  /** Task path prefixes: triggered by channels (pull) or by a {@code Send} (push). */
  public static final String PULL = "__pregel_pull";
  public static final String PUSH = "__pregel_push";
  /** The pending-write channel of a functional-API call's saved result. */
  public static final String RETURN = "__return__";

  /** Whether {@code name} is one the engine keeps for itself (it starts with {@code __}, {@code branch:to:} or {@code join:}), or empty. */
  public static boolean isReserved(String name) {
    return name.isEmpty() || name.startsWith("__") || name.startsWith(BRANCH_TO) || name.startsWith(JOIN);
  }

  /** The trigger channel of {@code node}. */
  public static String branchTo(String node) {
    return BRANCH_TO + node;
  }

  /** The cache namespace of a graph node's results. */
  public static String nodeCache(String graph, String node) {
    return "__pregel_cache|" + graph + "|" + node;
  }

  /** The cache namespace of a functional-API task's results. */
  public static String taskCache(String graph, String task) {
    return "__task_cache|" + graph + "|" + task;
  }
}
