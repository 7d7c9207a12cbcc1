package dev.trellis.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.PendingWrite;
import dev.trellis.checkpoint.SaveOp;
import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.graph.Durability;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * {@link Persistence#finishLeavingQueued} under async durability waits only for a batch the background thread took,
 * not for a background thread that was started and has not run yet (on a busy machine that wait was a scheduling
 * delay in every run's end); such a thread, when it runs, saves nothing.
 */
class PersistenceLeavingQueuedTest {
  private static final CheckpointConfig AT = CheckpointConfig.thread("t").withCheckpointId("c1");

  /** An in-memory saver that says it does I/O (so saves are queued) and records each batch it is given. */
  private static final class Recording implements CheckpointSaver {
    final List<List<SaveOp>> batches = new CopyOnWriteArrayList<>();
    volatile CountDownLatch hold;
    final CountDownLatch taken = new CountDownLatch(1);

    @Override
    public void putBatch(List<SaveOp> ops) {
      batches.add(List.copyOf(ops));
      taken.countDown();
      CountDownLatch h = hold;
      if (h != null) {
        try {
          h.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }

    @Override
    public boolean inMemory() {
      return false;
    }

    @Override
    public CheckpointTuple getTuple(CheckpointConfig config) {
      throw new UnsupportedOperationException();
    }

    @Override
    public List<CheckpointTuple> list(CheckpointConfig config, String before, int limit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public CheckpointConfig put(CheckpointConfig parent, Checkpoint checkpoint, CheckpointMetadata metadata) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void putWrites(CheckpointConfig config, String taskId, List<PendingWrite> writes) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void deleteThread(String threadId) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void deleteAfter(String threadId, String checkpointId) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void copyThread(String from, String to) {
      throw new UnsupportedOperationException();
    }
  }

  private static void write(Persistence p, String task) {
    p.putWrites(AT, task, List.of(new PendingWrite(task, "log", task)), true);
  }

  @Test
  void savesQueuedForABackgroundThreadThatHasNotRunAreLeftWithoutWaitingForIt() {
    Recording saver = new Recording();
    List<Runnable> notStarted = new ArrayList<>();
    Persistence p = new Persistence(saver, Durability.ASYNC, notStarted::add);
    write(p, "a");
    write(p, "b");
    assertEquals(1, notStarted.size(), "one background thread was started");
    List<SaveOp> left = assertTimeoutPreemptively(Duration.ofSeconds(30), p::finishLeavingQueued,
        "the run's end waited for a background thread that never ran");
    assertEquals(List.of("a", "b"), left.stream().map(op -> ((SaveOp.Writes) op).taskId()).toList());
    notStarted.getFirst().run(); // the thread runs late: the saves were left to the caller, it saves none of them
    assertTrue(saver.batches.isEmpty(), "saved twice: " + saver.batches);
  }

  @Test
  void aBatchTheBackgroundThreadTookLandsAndTheRestIsLeftEachSaveOnceInOrder() throws Exception {
    Recording saver = new Recording();
    saver.hold = new CountDownLatch(1);
    Persistence p = new Persistence(saver, Durability.ASYNC);
    write(p, "a");
    saver.taken.await(); // the background thread holds "a"
    write(p, "b");
    List<List<SaveOp>> leftBox = new CopyOnWriteArrayList<>();
    Thread finisher = Thread.ofVirtual().start(() -> leftBox.add(p.finishLeavingQueued()));
    saver.hold.countDown();
    finisher.join();
    List<String> landed = new ArrayList<>();
    saver.batches.forEach(b -> b.forEach(op -> landed.add(((SaveOp.Writes) op).taskId())));
    assertEquals("a", landed.getFirst(), "the batch taken landed before the run's end went on");
    List<String> all = new ArrayList<>(landed);
    leftBox.getFirst().forEach(op -> all.add(((SaveOp.Writes) op).taskId()));
    assertEquals(List.of("a", "b"), all, "every save made or left once, in order");
  }
}
