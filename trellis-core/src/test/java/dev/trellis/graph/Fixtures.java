package dev.trellis.graph;

import java.util.List;

/** Keys and small node bodies shared by the graph tests. */
final class Fixtures {
  static final Key<List<String>> LOG = Key.appending("log", String.class);
  static final Key<Integer> COUNT = Key.of("count", Integer.class);
  static final Key<String> ANSWER = Key.of("answer", String.class);
  static final Schema SCHEMA = Schema.of(LOG, COUNT, ANSWER);

  private Fixtures() {}

  /** A node that appends its own name to the log. */
  static Node logs(String name) {
    return (s, rt) -> Update.of(LOG, List.of(name));
  }
}
