package dev.trellis.graph;

import dev.trellis.graph.error.ErrorCode;
import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.graph.error.InvalidGraphException;

/** Names the engine keeps for itself, and the checks that keep user names off them. */
final class Reserved {
  private Reserved() {}

  static String checkKey(String name) {
    if (name.isEmpty() || name.startsWith("__") || name.startsWith(ReservedNames.BRANCH_TO) || name.startsWith(ReservedNames.JOIN)) {
      throw new InvalidGraphException(ErrorCode.INVALID_KEY, "state key \"" + name
          + "\" is reserved: names starting with \"__\", \"branch:to:\" or \"join:\" belong to the engine");
    }
    return name;
  }

  static String checkNode(String name) {
    if (name == null || name.isEmpty() || name.equals(StateGraph.START) || name.equals(StateGraph.END)
        || name.startsWith("__")) {
      throw new InvalidGraphException(ErrorCode.RESERVED_NAME, "node name \"" + name
          + "\" is reserved: START, END and names starting with \"__\" belong to the engine");
    }
    if (name.contains("|") || name.contains(":")) {
      throw new InvalidGraphException(ErrorCode.RESERVED_NAME, "node name \"" + name
          + "\" contains \"|\" or \":\", which separate checkpoint namespaces");
    }
    return name;
  }
}
