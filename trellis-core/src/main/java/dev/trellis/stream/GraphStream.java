package dev.trellis.stream;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The live stream of one run: iterate it (once) or subscribe to it (once) as a
 * {@link Flow.Publisher}. The run executes on its own virtual thread; parts are delivered
 * in the order they were produced. If the run fails, iteration ends by throwing its
 * exception. {@link #close()} cancels the run: running nodes are interrupted and the
 * call returns once the run has stopped.
 */
public final class GraphStream implements AutoCloseable, Iterable<StreamPart>, Flow.Publisher<StreamPart> {
  private static final Object END = new Object();

  private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
  private final AtomicBoolean consumed = new AtomicBoolean();
  private volatile Thread runner;
  private volatile Throwable failure;
  /** What the run returned; written before {@link #END} is queued, so visible once iteration has ended. */
  private volatile Object outcome;

  private GraphStream() {}

  /** Starts {@code run} on a virtual thread, given where to put the parts it produces. Internal. */
  public static GraphStream start(Consumer<Consumer<StreamPart>> run) {
    return startWithOutcome(parts -> {
      run.accept(parts);
      return null;
    });
  }

  /**
   * Starts {@code run} on a virtual thread, given where to put the parts it produces; what it
   * returns is kept as the stream's {@link #outcome()}. Internal.
   */
  public static GraphStream startWithOutcome(Function<Consumer<StreamPart>, Object> run) {
    GraphStream s = new GraphStream();
    s.runner = Thread.ofVirtual().name("trellis-stream").start(() -> {
      try {
        s.outcome = run.apply(s.queue::add);
      } catch (Throwable e) {
        s.failure = e;
      } finally {
        s.queue.add(END);
      }
    });
    return s;
  }

  @Override
  public Iterator<StreamPart> iterator() {
    if (!consumed.compareAndSet(false, true)) {
      throw new IllegalStateException("a GraphStream can be consumed once");
    }
    return new Iterator<>() {
      private Object next;

      @Override
      public boolean hasNext() {
        if (next == null) {
          next = take();
        }
        if (next == END) {
          if (failure != null) {
            throw rethrow(failure);
          }
          return false;
        }
        return true;
      }

      @Override
      public StreamPart next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        StreamPart p = (StreamPart) next;
        next = null;
        return p;
      }
    };
  }

  private Object take() {
    try {
      return queue.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      close();
      throw new CancellationException("interrupted while waiting for the stream");
    }
  }

  @Override
  public void subscribe(Flow.Subscriber<? super StreamPart> subscriber) {
    if (!consumed.compareAndSet(false, true)) {
      subscriber.onError(new IllegalStateException("a GraphStream can be consumed once"));
      return;
    }
    AtomicLong demand = new AtomicLong();
    AtomicBoolean cancelled = new AtomicBoolean();
    Object signal = new Object();
    subscriber.onSubscribe(new Flow.Subscription() {
      @Override
      public void request(long n) {
        if (n <= 0) {
          cancel();
          subscriber.onError(new IllegalArgumentException("request must be positive, got " + n));
          return;
        }
        demand.accumulateAndGet(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
        synchronized (signal) {
          signal.notifyAll();
        }
      }

      @Override
      public void cancel() {
        cancelled.set(true);
        close();
        synchronized (signal) {
          signal.notifyAll();
        }
      }
    });
    Thread.ofVirtual().name("trellis-publisher").start(() -> {
      try {
        while (!cancelled.get()) {
          synchronized (signal) {
            while (demand.get() == 0 && !cancelled.get()) {
              signal.wait();
            }
          }
          if (cancelled.get()) {
            return;
          }
          Object o = queue.take();
          if (o == END) {
            if (failure != null) {
              subscriber.onError(failure);
            } else {
              subscriber.onComplete();
            }
            return;
          }
          demand.decrementAndGet();
          subscriber.onNext((StreamPart) o);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
  }

  /**
   * What the run returned once iteration has ended without an error (null before, after a
   * failure, or when the run returns nothing). Internal: the engine's own record of how the run
   * ended, read through {@code CompiledGraph.finalState}.
   */
  public Object outcome() {
    return outcome;
  }

  /** Cancels the run if it is still going and waits for it to stop. */
  @Override
  public void close() {
    Thread t = runner;
    if (t != null && t.isAlive()) {
      t.interrupt();
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> RuntimeException rethrow(Throwable e) throws E {
    throw (E) e;
  }
}
