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
  /**
   * Slots taken: runs executing plus slots reserved for runs being claimed (by the claim loop, or by a request that
   * creates and claims its run in one transaction: {@link #reserveSlot}). Never above {@code slots}.
   */
  private final java.util.concurrent.atomic.AtomicInteger taken = new java.util.concurrent.atomic.AtomicInteger();
  private volatile boolean started;
  /**
   * Runs may wait for a slot of this worker (one created here was queued unclaimed, or a claim took every free slot):
   * a slot that frees then wakes the claim loop. Otherwise a run's end does not (unless its thread is in
   * {@link #queuedOn}), and the loop only polls, so runs that their creating request claimed cost no claim transaction.
   */
  private volatile boolean backlog;
  /** Threads on which a run was queued here unclaimed (perhaps behind another run of theirs): a run's end on one wakes the claim loop. */
  private final java.util.Set<String> queuedOn = ConcurrentHashMap.newKeySet();
  /** At most this many threads are remembered in {@link #queuedOn}; beyond, the set is cleared (their runs are then found by the poll). */
  private static final int QUEUED_ON_MAX = 10_000;
  private final Semaphore wake = new Semaphore(0);
  private final Janitor janitor;
  private final WorkerCounters counters = new WorkerCounters();
  private final NewRuns newRuns = new NewRuns();
  private final Semaphore beat = new Semaphore(0);
  private volatile boolean claiming = true;
  /** A run was created in this process since the claim loop last looked. */
  private volatile boolean createdHere;
  /** Another process asked for help since the claim loop last looked. */
  private volatile boolean asked;
  /** The runs created in this process not yet claimed: claimed first, by id. */
  private final java.util.concurrent.ConcurrentLinkedQueue<String> mine = new java.util.concurrent.ConcurrentLinkedQueue<>();
  /**
   * How long a run created in another process waits (due) before this worker claims it unasked: its creator claims it
   * first, so the readers there get its events from memory (PostgreSQL).
   */
  static final long HANDOFF_MILLIS = 100;
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
    started = true;
    claimer = Thread.ofPlatform().daemon().name("trellis-claim-" + settings.id()).start(this::claimLoop);
    heart = Thread.ofPlatform().daemon().name("trellis-heartbeat-" + settings.id()).start(this::heartLoop);
  }

  /**
   * Reserves a slot for a run the caller creates and claims in the same transaction ({@link RunStore#enqueueClaimed}):
   * true when this worker is started, not closing and has a free slot. The caller then either starts the run it
   * claimed ({@link #startClaimed}) or gives the slot back ({@link #releaseSlot}), whatever happens.
   */
  public boolean reserveSlot() {
    return started && claiming && reserve(1) == 1;
  }

  /** Gives back a slot {@link #reserveSlot} reserved and no claimed run took. */
  public void releaseSlot() {
    taken.decrementAndGet();
    if (backlog) {
      wake.release(); // the claim loop may have passed over runs while the slot was held
    }
  }

  /**
   * Executes {@code run}, which the caller claimed for this worker ({@link #id}, lease {@link #leaseMillis}) in the
   * transaction that created it, in the slot {@link #reserveSlot} reserved.
   */
  public void startClaimed(Run run) {
    launch(run);
  }

  /**
   * Like {@link #startClaimed}, but the caller executes the run on its own thread by calling the returned task (once,
   * and always, whatever happens before: until it runs, the slot stays taken and the run's lease is not renewed). A
   * {@code /runs/wait} request does this: the run needs no thread of its own, and its end needs no hand-off back.
   */
  public Runnable claimedHere(Run run) {
    return execution(run);
  }

  /** How long a claimed run stays this worker's without a heartbeat. */
  public long leaseMillis() {
    return settings.leaseMillis();
  }

  /** Takes up to {@code wanted} free slots at once; returns how many it took. */
  private int reserve(int wanted) {
    while (true) {
      int t = taken.get();
      int n = Math.min(wanted, settings.slots() - t);
      if (n <= 0) {
        return 0;
      }
      if (taken.compareAndSet(t, t + n)) {
        return n;
      }
    }
  }

  /** A run may be due: look now rather than at the next poll. */
  public void wake() {
    wake.release();
  }

  /**
   * A run was created on {@code threadId} in this process: claim now (the process that creates a run executes it when
   * it has a free slot, so its readers here get its events from memory; when it has none it asks the others, see
   * {@link #claimLoop}), and wake the thread's streams.
   */
  public void runCreated(String threadId, String runId) {
    mine.add(runId);
    backlog = true;
    if (threadId != null) {
      if (queuedOn.size() >= QUEUED_ON_MAX) {
        queuedOn.clear();
      }
      queuedOn.add(threadId);
    }
    createdHere = true;
    wake.release();
    runAnnounced(threadId);
  }

  /** Another process's worker has no free slot: claim now, its fresh runs too. */
  public void helpClaim() {
    asked = true;
    wake.release();
  }

  /**
   * A run was created on {@code threadId} in another process: wake the thread's streams here. The worker does not
   * claim for it: that process's worker does, or asks the others to ({@link RunStore#askOthersToClaim}), and every
   * worker still looks every 250 ms.
   */
  public void runAnnounced(String threadId) {
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
        boolean created = createdHere;
        createdHere = false;
        boolean help = asked;
        asked = false;
        if (!claiming) {
          continue;
        }
        int free = reserve(settings.slots());
        if (free <= 0) {
          backlog = true;
          if (created) {
            services.runs().askOthersToClaim(); // a run created here waits: another process may have a free slot
          }
          continue;
        }
        List<String> own = new java.util.ArrayList<>();
        for (String id = mine.poll(); id != null; id = mine.poll()) {
          own.add(id); // those not claimable now (a thread busy with another run) go to whoever claims them later
        }
        List<Run> runs;
        try {
          runs = services.runs().claim(settings.id(), settings.leaseMillis(), free, own, help ? 0 : HANDOFF_MILLIS);
        } catch (RuntimeException e) {
          taken.addAndGet(-free);
          backlog = true;
          throw e;
        }
        taken.addAndGet(runs.size() - free); // the slots no run took
        if (runs.size() < free) {
          backlog = false; // nothing claimable was left: a run queued here since sets it again and wakes the loop
        }
        for (Run run : runs) {
          launch(run);
        }
        if (runs.size() == free) {
          backlog = true;
          wake.release();
          if (created) {
            services.runs().askOthersToClaim(); // every slot taken: more runs may wait
          }
        }
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        LOG.warn("claiming runs failed: {}", e.getMessage());
      }
    }
  }

  /** Executes a run claimed for this worker on a virtual thread of its own, in a slot already taken for it. */
  private void launch(Run run) {
    Thread.ofVirtual().name("trellis-run-" + run.runId()).start(execution(run));
  }

  /** What executes a run claimed for this worker, in a slot already taken for it, on the thread that calls it. */
  private Runnable execution(Run run) {
    RunExecution ex = new RunExecution(services, run, settings.id());
    active.put(run.runId(), ex);
    counters.recordStart();
    long launched = dev.trellis.diagnostics.Waits.now();
    return () -> {
      dev.trellis.diagnostics.Waits.since("run.0-start-delay", launched);
      java.time.Instant t0 = services.db().instant();   // the server's clock, as run timeouts are: tests move it
      try {
        ex.execute();
      } finally {
        if (ex.outcome() != null) {
          counters.recordEnd(ex.outcome().wire(), java.time.Duration.between(t0, services.db().instant()).toNanos());
        }
        active.remove(run.runId());
        taken.decrementAndGet();
        if (queuedOn.remove(run.threadId()) | backlog) {
          wake.release();
        }
      }
    };
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
