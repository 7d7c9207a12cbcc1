package dev.trellis.func;

import dev.trellis.error.ErrorCode;
import dev.trellis.error.TrellisException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The pending result of a {@link Task} call. {@link #get()} waits; it rethrows the task's
 * failure, and a pause inside the task pauses the workflow (do not catch that).
 */
public final class TaskFuture<R> {
  private final CompletableFuture<R> future;

  TaskFuture(CompletableFuture<R> future) {
    this.future = future;
  }

  /**
   * Waits for the task's result.
   *
   * @throws TrellisException {@code TASK_FAILED} wrapping a checked exception of the task; the task's
   *     unchecked exceptions are rethrown as they are
   * @throws CancellationException the waiting thread was interrupted (the run is being cancelled)
   */
  public R get() {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CancellationException("interrupted while waiting for a task");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new TrellisException(ErrorCode.TASK_FAILED, "task failed: " + cause, cause);
    }
  }

  public boolean isDone() {
    return future.isDone();
  }
}
