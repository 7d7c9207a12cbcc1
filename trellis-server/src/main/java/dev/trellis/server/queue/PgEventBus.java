package dev.trellis.server.queue;

import dev.trellis.server.db.ServerDb;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Run events in PostgreSQL ({@code trellis_run_events}), so a client connected to any server
 * process sees the events of a run executing in any other, and can resume after the last id
 * it saw. Publishing is group-committed (one transaction for whatever is queued, see
 * {@link #publish}); readers wait for the notification (or poll every 250 ms) and read the new rows.
 *
 * <p>Why Postgres rather than Redis: Postgres is already the one durable dependency of a
 * scaled-out deployment; events in a table give ordered, resumable streams and replay
 * after a takeover for free, and NOTIFY keeps latency low. Redis pub/sub would add a second
 * service and still need a store for resumption.
 *
 * <p>A run's {@code values} events and its done marker each hold the whole state, and the next
 * one mostly repeats the last (an agent's step appends a few messages to thousands), so they
 * are stored as {@link TextDelta}s against the run's previous one stored from this process
 * (whose text is kept while the run publishes): a step costs what changed, not the thread's
 * length. Readers rebuild the text, so every reader, in any process, sees the same data.
 */
public final class PgEventBus implements EventBus {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(PgEventBus.class);
  private final ServerDb db;
  private final Map<String, Object> monitors = new ConcurrentHashMap<>();
  /** Per run publishing here: the sequence and text of its last stored state event (the base of the next one's delta); flusher only. */
  private final Map<String, TextDelta.Base> bases = new ConcurrentHashMap<>();

  public PgEventBus(ServerDb db, PgListener listener) {
    this.db = db;
    listener.on("trellis_events", runId -> {
      Object m = monitors.get(runId);
      if (m != null) {
        synchronized (m) {
          m.notifyAll();
        }
      }
    });
  }

  private record Pending(String runId, RunEvent event) {}

  private final java.util.concurrent.ConcurrentLinkedQueue<Pending> queue = new java.util.concurrent.ConcurrentLinkedQueue<>();
  private final java.util.concurrent.atomic.AtomicBoolean flushing = new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * Group commit: the event joins a queue; whichever publisher finds no flush in progress
   * writes everything queued in one transaction (one batched INSERT, one NOTIFY per run) and
   * keeps flushing while more arrives. Order per run is kept (one queue, one flusher at a time).
   */
  @Override
  public void publish(String runId, RunEvent e) {
    queue.add(new Pending(runId, e));
    while (!queue.isEmpty() && flushing.compareAndSet(false, true)) {
      try {
        flush();
      } finally {
        flushing.set(false);
      }
    }
  }

  private void flush() {
    List<Pending> batch = new java.util.ArrayList<>();
    for (Pending p = queue.poll(); p != null && batch.size() < 1000; p = queue.poll()) {
      batch.add(p);
    }
    if (batch.isEmpty()) {
      return;
    }
    long at = db.millis();
    java.util.Set<String> runs = new java.util.LinkedHashSet<>();
    try {
      db.tx(c -> {
        java.sql.PreparedStatement ps = db.jdbc().prepare(c, "INSERT INTO trellis_run_events (run_id, seq, event, data, at) "
            + "VALUES (?, ?, ?, ?, ?) ON CONFLICT (run_id, seq) DO UPDATE SET event = excluded.event, data = excluded.data");
        try {
          for (Pending p : batch) {
            dev.trellis.checkpoint.jdbc.JdbcDatabase.bind(ps, p.runId(), p.event().seq(), p.event().event(),
                stored(p), at);
            ps.addBatch();
            runs.add(p.runId());
          }
          ps.executeBatch();
        } finally {
          db.jdbc().release(ps);
        }
        for (String run : runs) {
          db.jdbc().query(c, "SELECT pg_notify('trellis_events', ?)", rs -> null, run);
        }
        return null;
      });
    } catch (RuntimeException ex) {
      LOG.warn("could not store {} run events: {}", batch.size(), ex.getMessage());
      for (Pending p : batch) {
        bases.remove(p.runId()); // a later event must not be stored against one that was not
      }
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
  public long last(String runId) {
    return db.tx(c -> db.jdbc().query(c, "SELECT COALESCE(MAX(seq), 0) FROM trellis_run_events WHERE run_id = ?",
        rs -> rs.next() ? rs.getLong(1) : 0L, runId));
  }

  @Override
  public Subscription subscribe(String runId, long afterSeq) {
    Object monitor = monitors.computeIfAbsent(runId, k -> new Object());
    return new Subscription() {
      long seen = afterSeq;
      final Deque<RunEvent> buffer = new ArrayDeque<>();

      @Override
      public RunEvent next(long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (true) {
          RunEvent e = poll();
          if (e != null) {
            return e;
          }
          fill();
          if (!buffer.isEmpty()) {
            continue;
          }
          long wait = deadline - System.currentTimeMillis();
          if (wait <= 0) {
            return null;
          }
          synchronized (monitor) {
            monitor.wait(Math.min(wait, 250));
          }
        }
      }

      @Override
      public RunEvent poll() {
        RunEvent e = buffer.poll();
        if (e != null) {
          seen = e.seq();
          if (e.done()) {
            monitors.remove(runId);
          }
        }
        return e;
      }

      private void fill() {
        db.tx(c -> db.jdbc().query(c, "SELECT seq, event, data FROM trellis_run_events WHERE run_id = ? AND seq > ? "
            + "ORDER BY seq LIMIT 500", rs -> {
              while (rs.next()) {
                long seq = rs.getLong(1);
                String event = rs.getString(2);
                String data = resolved(c, seq, rs.getString(3));
                if (TextDelta.isState(event) && data != null && !RunEvent.DONE.equals(event)) {
                  base = new TextDelta.Base(seq, data);
                }
                buffer.add(new RunEvent(seq, event, data));
              }
              return null;
            }, runId, seen));
      }

      /** The last state event read: the base of the next one's delta. */
      TextDelta.Base base;

      /** The text of the event {@code seq} stored as {@code data}: a delta applied to its base, read when it is not the last one read. */
      private String resolved(java.sql.Connection c, long seq, String data) throws java.sql.SQLException {
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
      public void close() {}
    };
  }

  @Override
  public void drop(String runId) {
    monitors.remove(runId);
    bases.remove(runId);
    db.tx(c -> db.update(c, "DELETE FROM trellis_run_events WHERE run_id = ?", runId));
  }

  /** Deletes the events older than {@link #RESUMABLE_KEEP_MILLIS} of runs not pending or running. */
  @Override
  public void expire() {
    long cutoff = db.millis() - RESUMABLE_KEEP_MILLIS;
    db.tx(c -> db.update(c, "DELETE FROM trellis_run_events WHERE at < ? AND run_id NOT IN "
        + "(" + RunStore.activeRunIdsSql() + ")", cutoff));
  }

  @Override
  public void close() {
    monitors.clear();
  }
}
