package dev.trellis.policy;

import java.time.Duration;

/** Waits between retry attempts; injected so tests can record waits instead of sleeping. */
@FunctionalInterface
public interface Sleeper {
  /** The real thing: {@link Thread#sleep(Duration)}. */
  Sleeper SYSTEM = Thread::sleep;

  void sleep(Duration d) throws InterruptedException;
}
