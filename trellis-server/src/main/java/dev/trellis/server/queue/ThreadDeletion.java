package dev.trellis.server.queue;

/**
 * Deletes a thread with everything it owns: runs, crons and checkpoints (run events expire on their own, so late
 * readers still see the end). A run executing on it stops at its next checkpoint write.
 */
public final class ThreadDeletion {
  private ThreadDeletion() {}

  public static void delete(Services services, String threadId) {
    services.db().tx(c -> {
      services.runs().deleteOfThread(c, threadId);
      dev.trellis.server.db.Crons.deleteOfThread(services.db(), c, threadId);
      return services.db().update(c, "DELETE FROM trellis_threads WHERE thread_id = ?", threadId);
    });
    services.saver().deleteThread(threadId);
  }
}
