package dev.trellis.server.queue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Executes queued runs: claims up to {@code slots} at a time and runs each on a virtual
 * thread. A separate platform thread — which graph code cannot starve — renews the leases,
 * learns of cancellations and lost runs, and requeues runs whose worker died (expired lease).
 */
public final class Worker implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Worker.class);

  /**
   * Settings: this worker's id, how many runs it executes at once, the lease length, the
   * shutdown grace, how long a run may take before it is stopped with status {@code timeout},
   * and how often expired store items are deleted.
   */
  public record Settings(String id, int slots, long leaseMillis, long graceMillis, long runTimeoutMillis,
                         long storeSweepMillis) {
    public Settings {
      if (slots < 1 || leaseMillis < 300 || storeSweepMillis < 1) {
        throw new IllegalArgumentException("slots must be ≥ 1, leaseMillis ≥ 300 and storeSweepMillis ≥ 1");
      }
    }
  }

  private final Services services;
  private final Settings settings;
  private final Map<String, RunExecution> active = new ConcurrentHashMap<>();
  private final Semaphore wake = new Semaphore(0);
  private final Janitor janitor;
  private final WorkerCounters counters = new WorkerCounters();
  private final NewRuns newRuns = new NewRuns();
  private final Semaphore beat = new Semaphore(0);
  private volatile boolean claiming = true;
  private volatile boolean running = true;
  private Thread claimer;
  private Thread heart;

  private final WorkerLiveness liveness;

  public Worker(Services services, Settings settings) {
    this(services, settings, WorkerLiveness.UNKNOWN);
  }

  /** A worker that takes over at once the runs of workers {@code liveness} proves dead (see {@link #takeOverDead}). */
  public Worker(Services services, Settings settings, WorkerLiveness liveness) {
    this.services = services;
    this.settings = settings;
    this.janitor = new Janitor(services, settings.storeSweepMillis());
    this.liveness = liveness;
  }

  /**
   * Requeues now the running runs of every other worker that is provably dead (its process was killed), instead of
   * waiting for their leases; returns how many. Done at start and at every lease sweep.
   */
  int takeOverDead() {
    int n = 0;
    for (String other : services.runs().otherRunningWorkers(settings.id())) {
      if (liveness.provablyDead(other)) {
        int runs = services.runs().requeueWorker(other);
        if (runs > 0) {
          LOG.info("worker {} is dead (its liveness lock is free): {} of its runs go back to the queue now", other, runs);
        }
        n += runs;
      }
    }
    return n;
  }

  public String id() {
    return settings.id();
  }

  public void start() {
    try {
      takeOverDead();
    } catch (RuntimeException e) {
      LOG.warn("taking over dead workers' runs failed: {}", e.getMessage());
    }
    claimer = Thread.ofPlatform().daemon().name("trellis-claim-" + settings.id()).start(this::claimLoop);
    heart = Thread.ofPlatform().daemon().name("trellis-heartbeat-" + settings.id()).start(this::heartLoop);
  }

  /** A run may be due: look now rather than at the next poll. */
  public void wake() {
    wake.release();
  }

  /** A run was created on {@code threadId} (here or in another process): look now, and wake the thread's streams. */
  public void runCreated(String threadId) {
    wake.release();
    if (threadId != null && !threadId.isEmpty()) {
      newRuns.announce(threadId);
    }
  }

  /** Who waits for the next run of a thread (its open thread streams). */
  public NewRuns newRuns() {
    return newRuns;
  }

  /** A run may have been cancelled: check now rather than at the next heartbeat. */
  public void checkLeases() {
    beat.release();
  }

  /** How many runs this worker executes at once at most. */
  public int slots() {
    return settings.slots();
  }

  /** What this worker has executed since it started. */
  public WorkerCounters counters() {
    return counters;
  }

  /** How many runs this worker is executing now. */
  public int busy() {
    return active.size();
  }

  private void claimLoop() {
    while (claiming) {
      try {
        wake.tryAcquire(250, TimeUnit.MILLISECONDS);
        wake.drainPermits();
        int free = settings.slots() - active.size();
        if (free <= 0 || !claiming) {
          continue;
        }
        List<Run> runs = services.runs().claim(settings.id(), settings.leaseMillis(), free);
        for (Run run : runs) {
          RunExecution ex = new RunExecution(services, run, settings.id());
          active.put(run.runId(), ex);
          counters.recordStart();
          Thread.ofVirtual().name("trellis-run-" + run.runId()).start(() -> {
            java.time.Instant t0 = services.db().instant();   // the server's clock, as run timeouts are: tests move it
            try {
              ex.execute();
            } finally {
              if (ex.outcome() != null) {
                counters.recordEnd(ex.outcome().wire(), java.time.Duration.between(t0, services.db().instant()).toNanos());
              }
              active.remove(run.runId());
              wake.release();
            }
          });
        }
        if (runs.size() == free) {
          wake.release();
        }
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        LOG.warn("claiming runs failed: {}", e.getMessage());
      }
    }
  }

  private void heartLoop() {
    long every = Math.max(100, settings.leaseMillis() / 4);
    long lastSweep = 0;
    while (running) {
      try {
        beat.tryAcquire(every, TimeUnit.MILLISECONDS);
        beat.drainPermits();
        Map<String, Integer> held = new HashMap<>();
        active.forEach((id, ex) -> held.put(id, ex.run().attempt()));
        for (RunStore.Lease lease : services.runs().heartbeat(settings.id(), held, settings.leaseMillis())) {
          RunExecution ex = active.get(lease.runId());
          if (ex == null) {
            continue;
          }
          if (ex.elapsedMillis() > settings.runTimeoutMillis()) {
            ex.cancel("timeout");
          }
          if (!lease.held()) {
            ex.lost();
          } else if (lease.cancelAction() != null) {
            ex.cancel(lease.cancelAction());
          }
        }
        long now = System.currentTimeMillis();
        if (now - lastSweep > settings.leaseMillis() / 2) {
          lastSweep = now;
          if (services.runs().requeueExpired() + takeOverDead() > 0) {
            wake.release();
          }
          services.bus().expire();
          janitor.sweep();
        }
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        LOG.warn("heartbeat failed: {}", e.getMessage());
      }
    }
  }

  /** Whether {@link #close()} has begun: the server is shutting down. */
  public boolean closing() {
    return !claiming;
  }

  /**
   * Stops taking runs, lets running ones finish for up to the grace period, then hands the
   * rest back to the queue (they resume from their last checkpoint on another worker or the
   * next start) and stops.
   */
  @Override
  public void close() {
    claiming = false;
    if (claimer != null) {
      claimer.interrupt();
    }
    long deadline = System.currentTimeMillis() + settings.graceMillis();
    while (!active.isEmpty() && System.currentTimeMillis() < deadline) {
      sleep(50);
    }
    active.values().forEach(RunExecution::requeue);
    long hard = System.currentTimeMillis() + 10_000;
    while (!active.isEmpty() && System.currentTimeMillis() < hard) {
      sleep(20);
    }
    running = false;
    if (heart != null) {
      heart.interrupt();
    }
    liveness.close();
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
