package dev.trellis.checkpoint.cache;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/** A {@link Cache} in a concurrent map; time comes from an injected nanosecond clock. */
public final class InMemoryCache implements Cache {
  private record Entry(Object value, long expiresAtNanos) {}

  private final Map<String, Map<Object, Entry>> entries = new ConcurrentHashMap<>();
  private final LongSupplier nanoClock;

  public InMemoryCache() {
    this(System::nanoTime);
  }

  /** A cache reading time from {@code nanoClock} (tests pass a fake clock). */
  public InMemoryCache(LongSupplier nanoClock) {
    this.nanoClock = nanoClock;
  }

  @Override
  public Optional<Object> get(String namespace, Object key) {
    Map<Object, Entry> ns = entries.get(namespace);
    Entry e = ns == null ? null : ns.get(key);
    if (e == null) {
      return Optional.empty();
    }
    if (e.expiresAtNanos != Long.MAX_VALUE && nanoClock.getAsLong() - e.expiresAtNanos >= 0) {
      ns.remove(key, e);
      return Optional.empty();
    }
    return Optional.ofNullable(e.value);
  }

  @Override
  public void set(String namespace, Object key, Object value, Duration ttl) {
    long expires = ttl == null ? Long.MAX_VALUE : nanoClock.getAsLong() + ttl.toNanos();
    entries.computeIfAbsent(namespace, k -> new ConcurrentHashMap<>()).put(key, new Entry(value, expires));
  }

  @Override
  public void clear(String... namespaces) {
    if (namespaces.length == 0) {
      entries.clear();
    }
    for (String ns : namespaces) {
      entries.remove(ns);
    }
  }
}
