package dev.trellis.pipeline;

import java.util.Optional;

/**
 * Where a pipeline keeps, per session and tool, the last output with its input hash and
 * completeness, so later runs — on any worker sharing the store — can skip the tool.
 * Implementations are thread-safe.
 */
public interface SkipStore {
  /** The last record of a tool in a session. */
  Optional<Entry> get(String session, String tool);

  void put(String session, String tool, Entry entry);

  /**
   * A tool's last run: the hash of its input slice, its completeness, its output and when it was
   * recorded (epoch milliseconds; 0 when unknown, which a pipeline with a maximum skip age treats
   * as expired).
   */
  record Entry(String inputHash, double completeness, Object output, long recordedAtMillis) {}
}
