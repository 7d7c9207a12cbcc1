package dev.trellis.stream;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The live stream of one run: iterate it (once) or subscribe to it (once) as a
 * {@link Flow.Publisher}. The run executes on its own virtual thread (or, for a stream made
 * {@link #unstarted}, on the caller's with {@link #runHere}); parts are delivered
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
  /** The run of a stream made by {@link #unstarted}, until it starts; null once started (or for a started stream). */
  private volatile Function<Consumer<StreamPart>, Object> unstartedRun;
  /** Guards {@link #closed} and, for a run on its caller's thread ({@link #runHere}), {@link #runner}. */
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition stopped = lock.newCondition();
  private boolean closed;
  /** A run on its caller's thread is under way (guarded by {@link #lock}). */
  private boolean runningHere;

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
    s.start(run);
    return s;
  }

  /**
   * A stream whose run starts when it is first iterated or subscribed to (on a virtual thread of its own, as
   * {@link #startWithOutcome}), or runs on the caller's thread with {@link #runHere}. Internal.
   */
  public static GraphStream unstarted(Function<Consumer<StreamPart>, Object> run) {
    GraphStream s = new GraphStream();
    s.unstartedRun = run;
    return s;
  }

  private void start(Function<Consumer<StreamPart>, Object> run) {
    runner = Thread.ofVirtual().name("trellis-stream").start(() -> {
      try {
        outcome = run.apply(queue::add);
      } catch (Throwable e) {
        failure = e;
      } finally {
        queue.add(END);
      }
    });
  }

  /** Starts an {@link #unstarted} stream's run on its own thread, unless it was closed first (then it fails at once). */
  private void startIfUnstarted() {
    Function<Consumer<StreamPart>, Object> run = unstartedRun;
    if (run == null) {
      return;
    }
    unstartedRun = null;
    lock.lock();
    try {
      if (closed) {
        failure = new CancellationException("the stream was closed before its run started");
        queue.add(END);
        return;
      }
      start(run);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Runs an {@link #unstarted} stream's run on the calling thread, giving each part to {@code parts} as it is
   * produced, one at a time (parts produced on other threads — parallel tasks, a node's own threads — wait their
   * turn); returns when the run has ended and throws its failure. Saves no thread hand-off per part. {@link #close}
   * from another thread interrupts the run and waits until it has stopped; that interrupt does not outlive the call.
   * Iteration and subscription are not possible then: the stream is consumed.
   *
   * @throws IllegalStateException the stream was not made by {@link #unstarted}, or is already consumed
   * @throws CancellationException the stream was closed before its run started
   */
  public void runHere(Consumer<StreamPart> parts) {
    Function<Consumer<StreamPart>, Object> run = unstartedRun;
    if (run == null || !consumed.compareAndSet(false, true)) {
      throw new IllegalStateException("runHere needs an unstarted GraphStream that was not consumed");
    }
    unstartedRun = null;
    lock.lock();
    try {
      if (closed) {
        throw new CancellationException("the stream was closed before its run started");
      }
      runner = Thread.currentThread();
      runningHere = true;
    } finally {
      lock.unlock();
    }
    ReentrantLock oneAtATime = new ReentrantLock();
    try {
      outcome = run.apply(part -> {
        oneAtATime.lock();
        try {
          parts.accept(part);
        } finally {
          oneAtATime.unlock();
        }
      });
    } finally {
      lock.lock();
      try {
        runningHere = false;
        runner = null;
        if (closed) {
          Thread.interrupted(); // close() interrupted this thread to stop the run: the caller goes on uninterrupted
        }
        stopped.signalAll();
      } finally {
        lock.unlock();
      }
    }
  }

  @Override
  public Iterator<StreamPart> iterator() {
    if (!consumed.compareAndSet(false, true)) {
      throw new IllegalStateException("a GraphStream can be consumed once");
    }
    startIfUnstarted();
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
    startIfUnstarted();
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
    lock.lock();
    try {
      closed = true;
      if (runningHere) {
        if (runner == Thread.currentThread()) {
          return; // closed from inside its own run: nothing to wait for
        }
        runner.interrupt();
        while (runningHere) {
          stopped.awaitUninterruptibly();
        }
        return;
      }
    } finally {
      lock.unlock();
    }
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
