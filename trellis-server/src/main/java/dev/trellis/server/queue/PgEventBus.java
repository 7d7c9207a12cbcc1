package dev.trellis.server.queue;

import dev.trellis.server.db.ServerDb;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Run events for server processes sharing one PostgreSQL database: a client connected to any process sees the events
 * of a run executing in any other, and can resume a resumable run's stream after the last id it saw, in any process.
 *
 * <p>Readers in the process that executes a run (the usual case: a run is claimed by the process that created it,
 * see {@link RunStore#claim}) read its events from memory ({@link RunLog}), as {@link LocalEventBus} does. The
 * database ({@code trellis_run_events}) gets a run's done marker always (a late reader anywhere finds the end; a big
 * one as a reference to the run's stored result, see {@link #results}) and its
 * other events only when someone needs them there: the run is resumable, or a reader in another process asked for
 * them. Such a reader finds the run executing elsewhere ({@code trellis_runs.worker}) and sends a
 * {@code trellis_watch} notification; from then on the executing process stores every event, those already published
 * first, and notifies {@code trellis_events} after each write, which wakes the readers there. Readers also look on
 * their own (soon after they subscribe, then every 250 ms at most), so a lost notification costs latency, not events.
 * A run nobody else reads thus costs one stored row and no notification.
 *
 * <p>Writes are group-committed (one transaction for whatever is queued, one multi-row INSERT, one statement
 * notifying every run written). A run's {@code values} events and its done marker each hold the whole state, and the
 * next one mostly repeats the last, so when stored they are {@link TextDelta}s against the run's previous one stored
 * from this process: a step costs what changed, not the thread's length. Readers rebuild the text.
 *
 * <p>How long logs and watches are kept here is measured by the server's clock ({@link ServerDb#millis}, the one tests
 * advance), as {@link LocalEventBus} does; how long a reader waits and when it looks, by real time.
 *
 * <p>Why Postgres rather than Redis: Postgres is already the one durable dependency of a scaled-out deployment;
 * events in a table give ordered, resumable streams and replay after a takeover for free, and NOTIFY keeps latency
 * low. Redis pub/sub would add a second service and still need a store for resumption.
 */
public final class PgEventBus implements EventBus {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(PgEventBus.class);
  /** Notified with a run id after its events were stored: readers in every process look. */
  static final String EVENTS_CHANNEL = "trellis_events";
  /** Notified with a run id by a reader in a process that does not execute the run: its executor stores its events. */
  static final String WATCH_CHANNEL = "trellis_watch";
  /** How long a reader of a run not executing here waits after subscribing before it first looks in the database. */
  private static final long FIRST_LOOK_MILLIS = 25;
  /** How often at most a reader of a run not executing here looks in the database when nothing woke it. */
  private static final long LOOK_MILLIS = 250;
  /** How often a reader of a run executing here looks (the run may have been taken over by another process). */
  private static final long LOCAL_LOOK_MILLIS = 1_000;
  /** How often a reader repeats its watch notification while the run's executor stores nothing for it. */
  private static final long REWATCH_MILLIS = 1_000;
  /** How long a watch notification is remembered for a run not (yet) publishing here. */
  private static final long WATCH_KEEP_MILLIS = 60_000;

  /** The data stored for a big done marker of a run nobody else reads: readers take the run's stored result instead. */
  static final String RESULT_REFERENCE = "#result";
  /** A done marker's data longer than this is stored as {@link #RESULT_REFERENCE} when results can be read back. */
  static final int REFERENCE_OVER_CHARS = 16 * 1024;

  private final ServerDb db;
  private final String worker;
  /** Run id → its stored result's JSON (null when it has none): how readers resolve {@link #RESULT_REFERENCE}. */
  private volatile java.util.function.Function<String, String> results;
  private final Map<String, RunLog> logs = new ConcurrentHashMap<>();
  /** Runs a reader in another process watches (from {@link #WATCH_CHANNEL}), with when it said so. */
  private final Map<String, Long> watched = new ConcurrentHashMap<>();
  private final Set<String> resumable = ConcurrentHashMap.newKeySet();
  /**
   * Runs that ended here, oldest first: their logs stay {@link LocalEventBus#SHORT_KEEP_MILLIS} for late readers here
   * (a thread stream joined just after a run replays it, as on SQLite), at most {@link LocalEventBus#SHORT_KEPT} of
   * them, as on SQLite (every young collection copies what is kept; a later reader finds the end in the table).
   */
  private final java.util.Queue<String> ended = new ConcurrentLinkedQueue<>();
  /** The length of {@link #ended} (a concurrent queue counts by walking it). */
  private final java.util.concurrent.atomic.AtomicInteger endedCount = new java.util.concurrent.atomic.AtomicInteger();
  /** Per run publishing here: the sequence and text of its last stored state event (the base of the next one's delta); flusher only. */
  private final Map<String, TextDelta.Base> bases = new ConcurrentHashMap<>();

  private record Pending(String runId, RunEvent event, boolean wake) {}

  private final ConcurrentLinkedQueue<Pending> queue = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean flushing = new AtomicBoolean();

  /** A bus for a process whose worker id is unknown (every run's readers look in the database as for another's run). */
  public PgEventBus(ServerDb db, PgListener listener) {
    this(db, listener, "bus-" + java.util.UUID.randomUUID());
  }

  /** The bus of the process whose worker is {@code worker} (the id {@code trellis_runs.worker} names it by). */
  public PgEventBus(ServerDb db, PgListener listener, String worker) {
    this.db = db;
    this.worker = worker;
    listener.on(EVENTS_CHANNEL, this::poked);
    listener.on(WATCH_CHANNEL, this::watch);
  }

  /**
   * Lets the big done marker of a run nobody in another process reads be stored as a reference to the run's stored
   * result (which the run row keeps anyway), read back through {@code resultOf} (run id → result JSON, or null): the
   * end of a run on a long thread then writes no second copy of its state.
   */
  public void results(java.util.function.Function<String, String> resultOf) {
    this.results = resultOf;
  }

  /** The database holds new events of {@code runId}: wake its readers here, which look. */
  private void poked(String runId) {
    RunLog log = logs.get(runId);
    if (log == null) {
      return;
    }
    log.lock.lock();
    try {
      log.pokes++;
      log.signal();
    } finally {
      log.lock.unlock();
    }
  }

  /** A reader elsewhere wants {@code runId}'s events: if it executes here, store them all from now on, the past first. */
  private void watch(String runId) {
    long now = db.millis();
    watched.put(runId, now);
    if (watched.size() > 10_000) {
      watched.values().removeIf(at -> at < now - WATCH_KEEP_MILLIS);
    }
    RunLog log = logs.get(runId);
    if (log == null) {
      return;
    }
    boolean queued = false;
    log.lock.lock();
    try {
      queued = storeAll(runId, log);
    } finally {
      log.lock.unlock();
    }
    if (queued) {
      Thread.ofVirtual().name("trellis-events-" + runId).start(this::flushQueued); // not on the listener's thread
    }
  }

  /** Switches a run executing here to storing every event, queueing those published so far; the caller holds the log. */
  private boolean storeAll(String runId, RunLog log) {
    if (!log.local || log.stored || log.ended) {
      return false;
    }
    log.stored = true;
    for (RunEvent e : log.events) {
      queue.add(new Pending(runId, e, true));
    }
    return !log.events.isEmpty();
  }

  /**
   * Hands the event to this process's readers at once, and queues it for the database when it must be stored (see
   * the class comment); whichever publisher finds no flush in progress writes everything queued in one transaction
   * and keeps flushing while more arrives. Order per run is kept (queued under the run's log, one flusher at a time).
   */
  @Override
  public void publish(String runId, RunEvent e) {
    long now = db.millis();
    RunLog log = logs.computeIfAbsent(runId, k -> new RunLog(now));
    log.lock.lock();
    try {
      log.local = true;
      log.touched = now;
      log.events.add(e);
      if (!log.stored && (resumable.contains(runId) || watched.containsKey(runId))) {
        log.events.removeLast();
        storeAll(runId, log);
        log.events.add(e);
      }
      if (log.stored) {
        queue.add(new Pending(runId, e, true));
      } else if (e.done()) {
        boolean big = results != null && e.knownLength() > REFERENCE_OVER_CHARS;
        queue.add(new Pending(runId, big ? new RunEvent(e.seq(), RunEvent.DONE, RESULT_REFERENCE) : e, false));
      }
      if (e.done()) {
        log.ended = true;
        log.endedAt = now;
        resumable.remove(runId);
        watched.remove(runId);
      }
      log.signal();
    } finally {
      log.lock.unlock();
    }
    if (e.done()) {
      ended.add(runId);
      endedCount.incrementAndGet();
      sweepEnded();
    }
    flushQueued();
  }

  /** Forgets the logs of runs that ended here more than {@link LocalEventBus#SHORT_KEEP_MILLIS} ago (or past the count kept) and that nobody reads. */
  private void sweepEnded() {
    long before = db.millis() - LocalEventBus.SHORT_KEEP_MILLIS;
    for (String head = ended.peek(); head != null; head = ended.peek()) {
      RunLog log = logs.get(head);
      if (log != null && log.endedAt >= before && endedCount.get() <= LocalEventBus.SHORT_KEPT) {
        return;
      }
      if (ended.remove(head)) {
        endedCount.decrementAndGet();
        forgetIfUnread(head, true);
      }
    }
  }

  /**
   * Drops the log of a run that nobody here reads and that does not execute here, or (once {@code due}) that ended
   * here: a later reader finds its end, and a resumable run's events, in the database.
   */
  private void forgetIfUnread(String runId, boolean due) {
    logs.computeIfPresent(runId, (k, log) -> {
      log.lock.lock();
      try {
        return log.readers == 0 && ((log.ended && due) || !log.local) ? null : log;
      } finally {
        log.lock.unlock();
      }
    });
  }

  private void flushQueued() {
    while (!queue.isEmpty() && flushing.compareAndSet(false, true)) {
      try {
        flush();
      } finally {
        flushing.set(false);
      }
    }
  }

  private void flush() {
    // One row per (run, sequence): a later event under the same number replaces an earlier one, as the upsert does
    // across transactions (a multi-row upsert may not touch one row twice).
    Map<String, Pending> rows = new LinkedHashMap<>();
    for (Pending p = queue.poll(); p != null && rows.size() < 1000; p = queue.poll()) {
      rows.put(p.runId() + '\n' + p.event().seq(), p);
    }
    if (rows.isEmpty()) {
      return;
    }
    List<Pending> batch = new ArrayList<>(rows.values());
    long at = db.millis();
    Set<String> notify = new LinkedHashSet<>();
    try {
      db.tx(c -> {
        PreparedStatement ps = db.jdbc().prepare(c, "INSERT INTO trellis_run_events (run_id, seq, event, data, at) "
            + "VALUES (?, ?, ?, ?, ?) ON CONFLICT (run_id, seq) DO UPDATE SET event = excluded.event, data = excluded.data");
        try {
          for (Pending p : batch) {
            dev.trellis.checkpoint.jdbc.JdbcDatabase.bind(ps, p.runId(), p.event().seq(), p.event().event(), stored(p), at);
            ps.addBatch();
            if (p.wake()) {
              notify.add(p.runId());
            }
          }
          ps.executeBatch();
        } finally {
          db.jdbc().release(ps);
        }
        notifyEach(c, EVENTS_CHANNEL, notify);
        return null;
      });
    } catch (RuntimeException ex) {
      LOG.warn("could not store {} run events: {}", batch.size(), ex.getMessage());
      for (Pending p : batch) {
        bases.remove(p.runId()); // a later event must not be stored against one that was not
      }
    }
  }

  /** Sends one notification per id on {@code channel}, in one statement, when the transaction commits. */
  private static void notifyEach(Connection c, String channel, Set<String> ids) throws SQLException {
    if (ids.isEmpty()) {
      return;
    }
    try (PreparedStatement ps = c.prepareStatement("SELECT pg_notify(?, r) FROM unnest(?::text[]) AS r")) {
      ps.setString(1, channel);
      ps.setArray(2, c.createArrayOf("text", ids.toArray()));
      ps.executeQuery().close();
    }
  }

  /** The data column for an event: a state event as a delta against the run's previous one, any other as it is. */
  private String stored(Pending p) {
    RunEvent e = p.event();
    String data = e.data();
    if (!TextDelta.isState(e.event()) || data == null) {
      return data;
    }
    TextDelta.Base base = e.done() ? bases.remove(p.runId()) : bases.get(p.runId());
    String stored = base == null ? data : TextDelta.of(base, data);
    if (!e.done()) {
      if (bases.size() > 1_000) {
        bases.clear(); // runs this process lost before their end: their next events are stored whole
      }
      bases.put(p.runId(), new TextDelta.Base(e.seq(), data, TextDelta.is(stored) ? base.chain() + 1 : 0));
    }
    return stored;
  }

  @Override
  public void resumable(String runId) {
    resumable.add(runId);
  }

  /** The greatest sequence published here for a run executing here, else the greatest stored. */
  @Override
  public long last(String runId) {
    RunLog log = logs.get(runId);
    long here = 0;
    if (log != null) {
      log.lock.lock();
      try {
        here = log.events.isEmpty() ? 0 : log.events.getLast().seq();
      } finally {
        log.lock.unlock();
      }
    }
    long stored = db.tx(c -> db.jdbc().query(c, "SELECT COALESCE(MAX(seq), 0) FROM trellis_run_events WHERE run_id = ?",
        rs -> rs.next() ? rs.getLong(1) : 0L, runId));
    return Math.max(here, stored);
  }

  @Override
  public Subscription subscribe(String runId, long afterSeq) {
    RunLog log = logs.compute(runId, (k, l) -> {
      RunLog n = l == null ? new RunLog(db.millis()) : l;
      n.lock.lock();
      try {
        n.readers++;
      } finally {
        n.lock.unlock();
      }
      return n;
    });
    return new Reader(runId, log, afterSeq);
  }

  /** A reader of one run in this process: the run's events published here, else those stored, in order. */
  private final class Reader implements Subscription {
    private final String runId;
    private final RunLog log;
    private long seen;
    /** The next event of the log to look at. */
    private int pos;
    private final Deque<RunEvent> buffer = new ArrayDeque<>();
    /** The log's pokes when the database was last read. */
    private long pokesRead;
    private long lastLook;
    private long nextLook;
    private int looks;
    private long lastWatch;
    private final long created = System.currentTimeMillis();
    private boolean closed;
    /** The last state event read from the database: the base of the next one's delta. */
    private TextDelta.Base base;

    Reader(String runId, RunLog log, long afterSeq) {
      this.runId = runId;
      this.log = log;
      this.seen = afterSeq;
      this.lastLook = System.currentTimeMillis();
      this.nextLook = lastLook + FIRST_LOOK_MILLIS;
    }

    @Override
    public RunEvent next(long millis) throws InterruptedException {
      return read(millis, false);
    }

    @Override
    public RunEvent nextDone(long millis) throws InterruptedException {
      return read(millis, true);
    }

    @Override
    public RunEvent poll() {
      return take(false);
    }

    private RunEvent read(long millis, boolean doneOnly) throws InterruptedException {
      long deadline = System.currentTimeMillis() + millis;
      while (true) {
        RunEvent e = take(doneOnly);
        if (e != null) {
          return e;
        }
        long now = System.currentTimeMillis();
        boolean look;
        log.lock.lock();
        try {
          long lookAt = log.local ? lastLook + LOCAL_LOOK_MILLIS : nextLook;
          look = log.pokes != pokesRead || now >= lookAt;
          if (!look) {
            if (now >= deadline) {
              return null;
            }
            if (pos >= log.events.size()) {
              log.changed.await(Math.min(deadline, lookAt) - now, TimeUnit.MILLISECONDS);
            }
          }
        } finally {
          log.lock.unlock();
        }
        if (look) {
          look();
        }
      }
    }

    /** The next event after {@link #seen} at hand (published here, or read from the database), or null; only a done marker if {@code doneOnly}. */
    private RunEvent take(boolean doneOnly) {
      log.lock.lock();
      try {
        while (pos < log.events.size()) {
          RunEvent e = log.events.get(pos++);
          if (e.seq() > seen) {
            seen = e.seq();
            if (!doneOnly || e.done()) {
              return e;
            }
          }
        }
      } finally {
        log.lock.unlock();
      }
      for (RunEvent e = buffer.poll(); e != null; e = buffer.poll()) {
        if (e.seq() > seen) {
          seen = e.seq();
          if (!doneOnly || e.done()) {
            return e;
          }
        }
      }
      return null;
    }

    /** Reads the stored events after {@link #seen}, and asks the run's executor for them when it runs elsewhere and stores none. */
    private void look() {
      boolean local;
      log.lock.lock();
      try {
        pokesRead = log.pokes;
        local = log.local;
      } finally {
        log.lock.unlock();
      }
      long now = System.currentTimeMillis();
      lastLook = now;
      nextLook = now + Math.min(LOOK_MILLIS, FIRST_LOOK_MILLIS << Math.min(looks++, 4));
      int before = buffer.size();
      boolean watch = db.tx(c -> {
        fill(c);
        if (local || buffer.size() > before || now - lastWatch < REWATCH_MILLIS) {
          return false;
        }
        Boolean running = RunStore.runningElsewhere(db, c, runId, worker);
        // No row: not created yet (a reader subscribes first), or a run of no queue (a bus used alone): asked after a while.
        boolean elsewhere = running == null ? now - created >= REWATCH_MILLIS : running;
        if (elsewhere) {
          notifyEach(c, WATCH_CHANNEL, Set.of(runId));
        }
        return elsewhere;
      });
      if (watch) {
        lastWatch = now;
      }
    }

    private void fill(Connection c) throws SQLException {
      db.jdbc().query(c, "SELECT seq, event, data FROM trellis_run_events WHERE run_id = ? AND seq > ? "
          + "ORDER BY seq LIMIT 500", rs -> {
            while (rs.next()) {
              long seq = rs.getLong(1);
              String event = rs.getString(2);
              String data = resolved(c, seq, rs.getString(3));
              if (TextDelta.isState(event) && data != null && !RunEvent.DONE.equals(event)) {
                base = new TextDelta.Base(seq, data);
              }
              java.util.function.Function<String, String> resultOf = results;
              buffer.add(RunEvent.DONE.equals(event) && RESULT_REFERENCE.equals(data) && resultOf != null
                  ? RunEvent.lazy(seq, event, () -> resultOf.apply(runId)) : new RunEvent(seq, event, data));
            }
            return null;
          }, runId, Math.max(seen, buffer.isEmpty() ? seen : buffer.getLast().seq()));
    }

    /** The text of the event {@code seq} stored as {@code data}: a delta applied to its base, read when it is not the last one read. */
    private String resolved(Connection c, long seq, String data) throws SQLException {
      if (!TextDelta.is(data)) {
        return data;
      }
      long baseSeq = TextDelta.baseSeq(data);
      TextDelta.Base b = base;
      if (b == null || b.seq() != baseSeq) {
        String stored = db.jdbc().query(c, "SELECT data FROM trellis_run_events WHERE run_id = ? AND seq = ?",
            rs -> rs.next() ? rs.getString(1) : null, runId, baseSeq);
        if (stored == null) {
          throw new IllegalStateException("event " + seq + " of run " + runId + " refers to event " + baseSeq + ", which is gone");
        }
        b = new TextDelta.Base(baseSeq, resolved(c, baseSeq, stored));
      }
      return TextDelta.apply(b, data);
    }

    @Override
    public void close() {
      if (closed) {
        return;
      }
      closed = true;
      boolean due;
      log.lock.lock();
      try {
        log.readers--;
        due = log.ended && log.endedAt < db.millis() - LocalEventBus.SHORT_KEEP_MILLIS;
      } finally {
        log.lock.unlock();
      }
      forgetIfUnread(runId, due);
    }
  }

  @Override
  public void drop(String runId) {
    logs.remove(runId);
    ended.remove(runId);
    bases.remove(runId);
    resumable.remove(runId);
    db.tx(c -> db.update(c, "DELETE FROM trellis_run_events WHERE run_id = ?", runId));
  }

  /**
   * Deletes the stored events older than {@link #RESUMABLE_KEEP_MILLIS} of runs not pending or running, and forgets
   * the logs here that nobody reads and nothing was published to for as long (runs this process lost before their end).
   */
  @Override
  public void expire() {
    long cutoff = db.millis() - RESUMABLE_KEEP_MILLIS;
    db.tx(c -> db.update(c, "DELETE FROM trellis_run_events WHERE at < ? AND run_id NOT IN "
        + "(" + RunStore.activeRunIdsSql() + ")", cutoff));
    long stale = cutoff;
    logs.forEach((runId, log) -> {
      if (log.touched < stale) {
        logs.computeIfPresent(runId, (k, l) -> {
          l.lock.lock();
          try {
            return l.readers == 0 && l.touched < stale ? null : l;
          } finally {
            l.lock.unlock();
          }
        });
      }
    });
  }

  @Override
  public void close() {
    logs.clear();
  }
}
