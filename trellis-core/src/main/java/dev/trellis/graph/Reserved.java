package dev.trellis.graph;

import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidGraphException;

/** The check that keeps state key names off the names the engine keeps for itself. */
final class Reserved {
  private Reserved() {}

  static String checkKey(String name) {
    if (ReservedNames.isReserved(name)) {
      throw new InvalidGraphException(ErrorCode.INVALID_KEY, "state key \"" + name
          + "\" is reserved: names starting with \"__\", \"branch:to:\" or \"join:\" belong to the engine");
    }
    return name;
  }
}
