package dev.trellis.pipeline;

import dev.trellis.runtime.StreamWriter;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Seed 000's session assembler: a background worker, fed by a queue, that assembles a
 * session's context bundle with a {@link ToolPipeline} — and does nothing when the
 * conversation slice is the one it assembled last.
 *
 * <p>{@link #enqueue} takes the slice: the per-tool caller arguments (the conversation slice
 * and the ids that feed the tools). Its content hash is compared with the session's last
 * assembled slice, kept durably in the pipeline's {@link SkipStore} (so every worker sharing
 * that store — e.g. the graph's Store on PostgreSQL — sees it):
 * <ul>
 *   <li>same hash: nothing is queued and no tool runs; the stored bundle comes back
 *       ({@link Assembly#reused()}, every tool listed as skipped, an {@code assembly_reused} event);
 *   <li>the same slice already queued or running in this process: its future comes back;
 *   <li>otherwise the session goes on the queue; the worker runs the pipeline (whose per-tool
 *       skip gates still apply) and, when the bundle is complete (not failed, not degraded),
 *       records it with the slice's hash.
 * </ul>
 * Per session, slices are assembled one at a time in arrival order; sessions run in parallel,
 * each on a virtual thread. The worker thread exists only while the queue has work. A caller
 * that stops waiting (its run was cancelled) does not stop the assembly, which still records
 * its result for the next turn. Thread-safe.
 */
public final class SessionAssembler {
  /** The skip-store record of a session's last assembled slice (tool names may not start with __). */
  static final String SLICE = "__slice__";

  /** A bundle and the hash of the slice it was assembled from; {@code reused}: nothing ran. */
  public record Assembly(Bundle bundle, String sliceHash, boolean reused) {
  }

  private record Job(String hash, ToolPipeline pipeline, Map<String, Map<String, Object>> slice, StreamWriter events,
                     CompletableFuture<Assembly> done) {
  }

  private static final class Session {
    final ArrayDeque<Job> waiting = new ArrayDeque<>();
    Job running;
  }

  private final ArrayDeque<String> queue = new ArrayDeque<>(); // guarded by this
  private final Map<String, Session> sessions = new HashMap<>(); // guarded by this
  private Thread worker; // guarded by this; null while the queue is empty

  /** Assembles {@code slice} for {@code session} in the background; see the class comment. */
  public CompletableFuture<Assembly> enqueue(String session, ToolPipeline pipeline, Map<String, Map<String, Object>> slice,
                                             StreamWriter events) {
    java.util.Objects.requireNonNull(session, "session");
    StreamWriter safe = safe(events);
    String hash = ContentHash.of(List.of(pipeline.tools(), slice));
    Optional<Bundle> last = lastAssembly(pipeline, session, hash);
    if (last.isPresent()) {
      safe.write(Map.of("event", "assembly_reused", "session", session));
      return CompletableFuture.completedFuture(new Assembly(last.get(), hash, true));
    }
    synchronized (this) {
      Session s = sessions.computeIfAbsent(session, k -> new Session());
      if (s.running != null && s.running.hash().equals(hash)) {
        return s.running.done();
      }
      for (Job j : s.waiting) {
        if (j.hash().equals(hash)) {
          return j.done();
        }
      }
      Job job = new Job(hash, pipeline, Map.copyOf(slice), safe, new CompletableFuture<>());
      s.waiting.add(job);
      queue.add(session);
      if (worker == null) {
        worker = Thread.ofVirtual().name("session-assembler").start(this::drain);
      }
      safe.write(Map.of("event", "assembly_enqueued", "session", session));
      return job.done();
    }
  }

  /** The worker: hands each queued session's next slice to a virtual thread; exits when the queue is empty. */
  private void drain() {
    while (true) {
      String session;
      Job job;
      synchronized (this) {
        session = queue.poll();
        if (session == null) {
          worker = null;
          return;
        }
        Session s = sessions.get(session);
        if (s == null || s.running != null || s.waiting.isEmpty()) {
          continue; // the running assembly re-queues the session when it finishes
        }
        job = s.waiting.poll();
        s.running = job;
      }
      String name = session;
      Thread.ofVirtual().name("assemble-" + session).start(() -> assemble(name, job));
    }
  }

  private void assemble(String session, Job job) {
    Assembly result = null;
    Throwable failure = null;
    try {
      Bundle b = job.pipeline().run(session, job.slice(), job.events());
      if (!b.failed() && !b.degraded()) {
        remember(job.pipeline(), session, job.hash(), b, job.events());
      }
      result = new Assembly(b, job.hash(), false);
    } catch (Throwable t) {
      failure = t;
    } finally {
      release(session);
    }
    // Completed only once the job has left the session's slot, so a caller that awaited it and
    // enqueues the same slice again gets a new assembly (or the remembered one), never this job.
    if (failure != null) {
      job.done().completeExceptionally(failure);
    } else {
      job.done().complete(result);
    }
  }

  private synchronized void release(String session) {
    Session s = sessions.get(session);
    s.running = null;
    if (s.waiting.isEmpty()) {
      sessions.remove(session);
    } else {
      queue.add(session);
      if (worker == null) {
        worker = Thread.ofVirtual().name("session-assembler").start(this::drain);
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Optional<Bundle> lastAssembly(ToolPipeline pipeline, String session, String hash) {
    SkipStore store = pipeline.skipStore();
    if (store == null || session == null) {
      return Optional.empty();
    }
    return store.get(session, SLICE).filter(e -> e.inputHash().equals(hash) && e.output() instanceof Map<?, ?>
            && pipeline.fresh(e))
        .map(e -> {
          Map<String, Object> v = (Map<String, Object>) e.output();
          return new Bundle((Map<String, Object>) v.get("sections"), List.of(), pipeline.tools(), Map.of(), false);
        });
  }

  private static void remember(ToolPipeline pipeline, String session, String hash, Bundle b, StreamWriter events) {
    SkipStore store = pipeline.skipStore();
    if (store == null || session == null) {
      return;
    }
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("sections", b.sections());
    try {
      store.put(session, SLICE, new SkipStore.Entry(hash, 1.0, v, pipeline.clock().millis()));
    } catch (RuntimeException e) {
      events.write(Map.of("event", "skip_state_not_saved", "tool", SLICE, "error", String.valueOf(e)));
    }
  }

  /** Events of a run that has ended (its caller stopped waiting) must not fail the assembly. */
  private static StreamWriter safe(StreamWriter w) {
    return value -> {
      try {
        w.write(value);
      } catch (RuntimeException ignored) {
        // the run that asked for this assembly no longer streams
      }
    };
  }
}
