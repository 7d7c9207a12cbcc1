package dev.trellis.server.queue;

import dev.trellis.server.wire.Json;
import java.util.Collection;
import java.util.Map;

/**
 * Ends the streams of runs that no worker will end: a pending run cancelled (interrupted, or
 * deleted by a rollback) before it started, or a run whose thread was deleted under it. Its
 * waiters ({@code /wait}, {@code /join}, streams) get the done marker at once, with a result that
 * says how the run ended, instead of finding out at their next poll.
 */
public final class UnstartedRuns {
  private UnstartedRuns() {}

  /** Publishes the end of each run of {@code runIds} that {@code action} ({@code interrupt}, {@code rollback}) ended before it started. */
  public static void cancelled(EventBus bus, Collection<String> runIds, String action) {
    for (String runId : runIds) {
      bus.publish(runId, new RunEvent(bus.last(runId) + 1, RunEvent.DONE, cancelledResult(runId, action)));
    }
  }

  /** The result JSON of a run {@code action} ended before it started: what its waiters get and its row keeps. */
  static String cancelledResult(String runId, String action) {
    boolean rollback = "rollback".equals(action);
    return result(rollback ? "UserRollback" : "UserInterrupt",
        "run " + runId + " was " + (rollback ? "rolled back" : "interrupted") + " before it started");
  }

  /** Publishes the end of a run whose thread was deleted while it ran. */
  public static void threadDeleted(EventBus bus, String runId, String threadId) {
    end(bus, runId, "ThreadDeleted", "thread " + threadId + " was deleted while run " + runId + " ran");
  }

  private static void end(EventBus bus, String runId, String error, String message) {
    bus.publish(runId, new RunEvent(bus.last(runId) + 1, RunEvent.DONE, result(error, message)));
  }

  private static String result(String error, String message) {
    return Json.write(Map.of("__error__", Map.of("error", error, "message", message)));
  }
}
