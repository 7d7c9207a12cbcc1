package dev.trellis.runtime;

/** Emits a value on the run's {@code custom} stream; a no-op when nobody streams it. Thread-safe. */
@FunctionalInterface
public interface StreamWriter {
  void write(Object value);
}
