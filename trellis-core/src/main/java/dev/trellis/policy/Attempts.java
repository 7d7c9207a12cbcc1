package dev.trellis.policy;

import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.error.NodeTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.Predicate;

/**
 * The one policy chain of a unit of work (a graph node's task, a functional-API task, a
 * pipeline tool), applied in this order: cache lookup → retry loop → per-attempt timeout
 * → call. The timeout is inside the retry loop, so each attempt is timed on its own; a
 * failure is retried when it is not final ({@code retryable}) and the first
 * {@link RetryPolicy} whose {@code retryOn} matches it allows another attempt, after that
 * policy's backoff slept through the injected {@link Sleeper} with jitter from the injected
 * random source. A thread interrupt (cancellation) is never retried: it ends the chain at
 * once with an {@link InterruptedException} or the failure that saw it.
 *
 * <p>Graph nodes look their cache entries up for a whole step before any task runs (as
 * LangGraph's loop does), so only {@link #run} is used for them; functional-API tasks use
 * {@link #runCached}. One instance serves one unit of work; not thread-safe.
 */
public final class Attempts {
  /**
   * Where the chain takes time from: the timer of timeouts, the sleeper between attempts
   * and the random source (values in [0, 1)) of jitter. Injected so tests neither wait nor
   * depend on chance.
   */
  public record Timing(Timer timer, Sleeper sleeper, DoubleSupplier jitter) {
    /** Thread-local random numbers. */
    public static final DoubleSupplier RANDOM = () -> ThreadLocalRandom.current().nextDouble();
    public static final Timing SYSTEM = new Timing(Timer.SYSTEM, Sleeper.SYSTEM, RANDOM);
  }

  /** One attempt of the work; may call {@link #endTimeout()} when the timed part is over. */
  @FunctionalInterface
  public interface Call<R> {
    R call(Attempts attempt) throws Exception;
  }

  /** Told before the chain sleeps ahead of another attempt. */
  @FunctionalInterface
  public interface RetryListener {
    void retrying(int failedAttempt, Throwable failure, Duration delay);
  }

  /** A cache entry of the work: where and under which key its result is kept, and for how long (null: until cleared). */
  public record CacheEntry(Cache cache, String namespace, Object key, Duration ttl) {}

  private final String name;
  private final List<RetryPolicy> retry;
  private final Predicate<Throwable> retryable;
  private final TimeoutPolicy timeout;
  private final Timing timing;
  private RetryListener listener;
  private int attempt;
  private Watchdog watch;

  /**
   * @param name what runs, for timeout errors
   * @param retryable whether a failure may be retried at all (final failures are not, whatever the policies say)
   * @param timeout the limit of each attempt; null for none
   */
  public Attempts(String name, List<RetryPolicy> retry, Predicate<Throwable> retryable, TimeoutPolicy timeout,
                  Timing timing) {
    this.name = name;
    this.retry = retry;
    this.retryable = retryable;
    this.timeout = timeout;
    this.timing = timing;
  }

  /** Reports each retry to {@code l} before its backoff. */
  public Attempts onRetry(RetryListener l) {
    listener = l;
    return this;
  }

  /** The number of the current (or last) attempt, from 1; 0 before the first. */
  public int attempt() {
    return attempt;
  }

  /** Restarts the idle limit of the current attempt (a sign of progress). */
  public void progress() {
    Watchdog w = watch;
    if (w != null) {
      w.progress();
    }
  }

  /**
   * Ends the current attempt's timeout early (what follows is not timed); throws the
   * timeout if it had already fired.
   */
  public void endTimeout() throws NodeTimeoutException {
    Watchdog w = watch;
    if (w != null) {
      watch = null;
      NodeTimeoutException fired = w.stop();
      if (fired != null) {
        throw fired;
      }
    }
  }

  /** Looks {@code entry} up; on a miss runs the chain and keeps a successful result in the cache. */
  @SuppressWarnings("unchecked")
  public <R> R runCached(CacheEntry entry, Call<R> call) throws Exception {
    if (entry == null) {
      return run(call);
    }
    Optional<Object> hit = entry.cache().get(entry.namespace(), entry.key());
    if (hit.isPresent()) {
      return (R) hit.get();
    }
    R result = run(call);
    entry.cache().set(entry.namespace(), entry.key(), result, entry.ttl());
    return result;
  }

  /** Attempts {@code call} until one returns, or fails with a final failure, which is thrown as it is. */
  public <R> R run(Call<R> call) throws Exception {
    while (true) {
      attempt++;
      try {
        return timed(call);
      } catch (Throwable e) {
        if (e instanceof InterruptedException || Thread.currentThread().isInterrupted()) {
          throw sneaky(e);
        }
        Duration delay = retryable.test(e) ? delayAfter(e) : null;
        if (delay == null) {
          throw sneaky(e);
        }
        if (listener != null) {
          listener.retrying(attempt, e, delay);
        }
        try {
          timing.sleeper().sleep(delay);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw ie;
        }
      }
    }
  }

  private <R> R timed(Call<R> call) throws Exception {
    if (timeout == null) {
      return call.call(this);
    }
    Watchdog w = new Watchdog(name, timeout, timing.timer(), Thread.currentThread());
    watch = w;
    w.start();
    R result;
    try {
      result = call.call(this);
    } catch (Throwable t) {
      watch = null;
      NodeTimeoutException fired = w.stop();
      throw fired != null ? fired : sneaky(t);
    }
    endTimeout();
    return result;
  }

  /** The pause before the next attempt when the first policy matching {@code e} allows one, else null. */
  private Duration delayAfter(Throwable e) {
    for (RetryPolicy p : retry) {
      if (p.retryOn().test(e)) {
        return attempt < p.maxAttempts() ? p.delayAfter(attempt, timing.jitter().getAsDouble()) : null;
      }
    }
    return null;
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> E sneaky(Throwable e) throws E {
    throw (E) e;
  }
}
