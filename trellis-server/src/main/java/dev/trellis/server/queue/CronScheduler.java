package dev.trellis.server.queue;

import dev.trellis.server.db.TimeOrderedIds;
import dev.trellis.server.db.Crons;
import dev.trellis.server.db.ServerDb;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fires due crons: once a second, every enabled cron whose time has come is claimed (see
 * {@link Crons#claim}; every server process runs a scheduler and each fire happens once) and
 * its run submitted. A cron that fails before its claim is postponed a minute; one whose run
 * cannot be created is skipped until its next time. Close to stop its thread.
 */
public final class CronScheduler implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(CronScheduler.class);

  /** Creates a run the way a client request would (validated, multitask strategy applied). */
  @FunctionalInterface
  public interface RunSubmitter {
    void submit(String owner, String threadId, Map<String, Object> body, String runId);
  }

  private final ServerDb db;
  private final Crons crons;
  private final RunSubmitter submitter;
  private final Thread thread;
  private volatile boolean running = true;

  /** Starts the scheduler's thread. */
  public CronScheduler(ServerDb db, Crons crons, RunSubmitter submitter) {
    this.db = db;
    this.crons = crons;
    this.submitter = submitter;
    this.thread = Thread.ofPlatform().daemon().name("trellis-crons").start(this::loop);
  }

  private void loop() {
    while (running) {
      try {
        Thread.sleep(1000);
        fireDue();
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        LOG.warn("cron scheduler: {}", e.getMessage());
      }
    }
  }

  /** Fires every cron that is due and that this process wins; returns how many it fired. */
  int fireDue() {
    long now = db.millis();
    int fired = 0;
    List<Crons.Cron> due = db.tx(c -> crons.due(c, now));
    for (Crons.Cron cron : due) {
      // One cron's failure (a row written before validation, a schedule that never fires) must not stop the others.
      try {
        fired += fire(cron, now);
      } catch (RuntimeException e) {
        LOG.warn("cron {} of {} skipped: {}", cron.cronId(), cron.owner(), e.toString());
        postpone(cron, now);
      }
    }
    return fired;
  }

  /** Claims and fires one due cron; 1 if it started a run. */
  private int fire(Crons.Cron cron, long now) {
    boolean ended = cron.endTime() != null
        && java.time.OffsetDateTime.parse(cron.endTime()).toInstant().toEpochMilli() < now;
    long next = CronSchedule.parse(cron.schedule()).nextMillis(now, cron.zone());
    boolean won = db.tx(c -> crons.claim(c, cron, next, !ended));
    if (!won || ended) {
      return 0;
    }
    Map<String, Object> body = new LinkedHashMap<>(cron.payload());
    body.put("assistant_id", cron.assistantId());
    if (cron.threadId() == null && "keep".equals(cron.onRunCompleted())) {
      body.put("on_completion", "keep");
    }
    try {
      submitter.submit(cron.owner(), cron.threadId(), body, TimeOrderedIds.next());
      return 1;
    } catch (RuntimeException e) {
      LOG.warn("cron {} could not start a run: {}", cron.cronId(), e.getMessage());
      return 0;
    }
  }

  /** Moves a cron that failed before its claim a minute on, so a broken row is retried rarely, not every tick. */
  private void postpone(Crons.Cron cron, long now) {
    try {
      db.tx(c -> {
        crons.postpone(c, cron, now + 60_000);
        return null;
      });
    } catch (RuntimeException e) {
      LOG.warn("cron {} could not be postponed: {}", cron.cronId(), e.toString());
    }
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
  }
}
