package dev.trellis.server.queue;

/**
 * Deletes a thread with everything it owns: runs, crons and checkpoints (run events expire on their own, so late
 * readers still see the end). A run executing on it stops at its next checkpoint write.
 */
public final class ThreadDeletion {
  private ThreadDeletion() {}

  public static void delete(Services s, String threadId) {
    s.db().tx(c -> {
      s.runs().deleteOfThread(c, threadId);
      dev.trellis.server.db.Crons.deleteOfThread(s.db(), c, threadId);
      return s.db().update(c, "DELETE FROM trellis_threads WHERE thread_id = ?", threadId);
    });
    s.saver().deleteThread(threadId);
  }
}
