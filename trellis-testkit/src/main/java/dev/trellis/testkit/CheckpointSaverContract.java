package dev.trellis.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.PendingWrite;
import dev.trellis.checkpoint.SaveOp;
import dev.trellis.graph.Durability;
import dev.trellis.graph.Send;
import dev.trellis.runtime.Interrupt;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The behaviour every {@link CheckpointSaver} must have; a saver's test extends this and
 * supplies {@link #saver()}. Thread ids are unique per test, so a shared database needs
 * no cleaning. The last test runs every threaded conformance scenario in every durability
 * mode with the saver persisting threads, so interrupts, resumes, updates, replays and forks
 * are checked end to end.
 */
public abstract class CheckpointSaverContract {

  /** The saver under test (may be shared between tests). */
  protected abstract CheckpointSaver saver();

  /** Record and enum types a saver must round-trip in channel values. */
  public record Note(String text, int priority, List<String> tags, Instant at) {}

  public enum Mood { CALM, STORMY }

  private final String thread = "t-" + UUID.randomUUID();

  private CheckpointConfig root() {
    return CheckpointConfig.thread(thread);
  }

  private static Checkpoint checkpoint(Map<String, Object> values) {
    Map<String, Long> versions = new HashMap<>();
    values.keySet().forEach(k -> versions.put(k, 1L));
    return new Checkpoint(CheckpointIds.next(), Instant.now().toString(), values, versions,
        Map.of("a", Map.of("branch:to:a", 1L)));
  }

  @Test
  void putThenGetReturnsTheSameCheckpoint() {
    Map<String, Object> values = new HashMap<>();
    values.put("text", "hello");
    values.put("count", 3);
    values.put("big", 1L << 40);
    values.put("ratio", 0.5);
    values.put("list", List.of(1, "two", List.of(3)));
    values.put("map", Map.of("k", Map.of("nested", true)));
    values.put("note", new Note("n", 2, List.of("x"), Instant.parse("2026-01-02T03:04:05Z")));
    values.put("mood", Mood.STORMY);
    values.put("send", new Send("worker", Map.of("item", 1)));
    values.put("branch:to:a", null);
    Checkpoint cp = checkpoint(values);
    CheckpointMetadata md = new CheckpointMetadata("loop", 3, Map.of("a", Map.of("text", "hi")), Map.of("run", "r1"));
    CheckpointConfig saved = saver().put(root(), cp, md);
    CheckpointTuple t = saver().getTuple(saved);
    assertNotNull(t);
    assertEquals(values, t.checkpoint().channelValues());
    assertEquals(cp.channelVersions(), t.checkpoint().channelVersions());
    assertEquals(cp.versionsSeen(), t.checkpoint().versionsSeen());
    assertEquals(md, t.metadata());
    assertEquals(cp.id(), t.config().checkpointId());
  }

  @Test
  void versionsOfEveryMagnitudeReadBackAsTheyWereSaved() {
    Map<String, Long> versions = Map.of("a", 0L, "b", 1L, "c", (long) Integer.MAX_VALUE,
        "d", Integer.MAX_VALUE + 1L, "e", 1L << 40, "f", (long) Integer.MIN_VALUE - 1);
    Map<String, Map<String, Long>> seen = Map.of("n", Map.of("a", 7L, "e", (1L << 40) - 1), "m", Map.of());
    Checkpoint cp = new Checkpoint(CheckpointIds.next(), Instant.now().toString(), Map.of("a", 1), versions, seen);
    CheckpointTuple t = saver().getTuple(saver().put(root(), cp, CheckpointMetadata.of("loop", 0)));
    assertEquals(versions, t.checkpoint().channelVersions());
    assertEquals(seen, t.checkpoint().versionsSeen());
  }

  @Test
  void getWithoutIdReturnsTheNewestAndLinksParents() {
    CheckpointConfig first = saver().put(root(), checkpoint(Map.of("n", 1)), CheckpointMetadata.of("input", -1));
    CheckpointConfig second = saver().put(first, checkpoint(Map.of("n", 2)), CheckpointMetadata.of("loop", 0));
    CheckpointTuple newest = saver().getTuple(root());
    assertEquals(second.checkpointId(), newest.config().checkpointId());
    assertEquals(first.checkpointId(), newest.parentConfig().checkpointId());
    assertNull(saver().getTuple(first).parentConfig());
  }

  @Test
  void unknownThreadOrCheckpointGivesNull() {
    assertNull(saver().getTuple(root()));
    assertNull(saver().getTuple(root().withCheckpointId("ffffffffffffffffffffffffffffffff")));
  }

  @Test
  void listIsNewestFirstWithBeforeLimitAndFilter() {
    CheckpointConfig c = root();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      c = saver().put(c, checkpoint(Map.of("n", i)), CheckpointMetadata.of(i == 0 ? "input" : "loop", i - 1));
      ids.add(c.checkpointId());
    }
    List<String> all = saver().list(root(), null, 0).stream().map(t -> t.config().checkpointId()).toList();
    assertEquals(ids.reversed(), all);
    List<String> page = saver().list(root(), ids.get(3), 2).stream().map(t -> t.config().checkpointId()).toList();
    assertEquals(List.of(ids.get(2), ids.get(1)), page);
    List<CheckpointTuple> inputs = saver().list(root(), null, 0, Map.of("source", "input"));
    assertEquals(List.of(ids.getFirst()), inputs.stream().map(t -> t.config().checkpointId()).toList());
    assertEquals(1, saver().list(root(), null, 0, Map.of("step", 2)).size());
  }

  @Test
  void namespacesAreSeparate() {
    saver().put(root(), checkpoint(Map.of("n", 1)), CheckpointMetadata.of("loop", 0));
    CheckpointConfig sub = root().withNamespace("sub:abc");
    assertNull(saver().getTuple(sub));
    saver().put(sub, checkpoint(Map.of("n", 2)), CheckpointMetadata.of("loop", 0));
    assertEquals(2, saver().getTuple(sub).checkpoint().channelValues().get("n"));
    assertEquals(1, saver().getTuple(root()).checkpoint().channelValues().get("n"));
  }

  @Test
  void deleteAfterRemovesLaterCheckpointsInEveryNamespace() {
    CheckpointConfig first = saver().put(root(), checkpoint(Map.of("n", 1)), CheckpointMetadata.of("input", -1));
    CheckpointConfig second = saver().put(first, checkpoint(Map.of("n", 2)), CheckpointMetadata.of("loop", 0));
    saver().putWrites(second, "t", List.of(new PendingWrite("t", "n", 3)));
    CheckpointConfig sub = root().withNamespace("sub:abc");
    saver().put(sub, checkpoint(Map.of("n", 9)), CheckpointMetadata.of("loop", 0));
    saver().deleteAfter(thread, first.checkpointId());
    assertEquals(first.checkpointId(), saver().getTuple(root()).config().checkpointId());
    assertEquals(1, saver().list(root(), null, 0).size());
    assertNull(saver().getTuple(sub));
    assertNull(saver().getTuple(second));
  }

  @Test
  void savingACheckpointAgainReplacesItsMetadataAndKeepsItsWrites() {
    CheckpointConfig first = saver().put(root(), checkpoint(Map.of("n", 1)), CheckpointMetadata.of("input", -1));
    Checkpoint cp = checkpoint(Map.of("n", 2));
    CheckpointConfig second = saver().put(first, cp, CheckpointMetadata.of("loop", 0));
    saver().putWrites(second, "t", List.of(new PendingWrite("t", "n", 3)));
    saver().put(first, cp, CheckpointMetadata.of("loop", 0, Map.of("reviewed", true)));
    CheckpointTuple t = saver().getTuple(second);
    assertEquals(true, t.metadata().extra().get("reviewed"));
    assertEquals(List.of(new PendingWrite("t", "n", 3)), t.pendingWrites());
    assertEquals(first.checkpointId(), t.parentConfig().checkpointId());
    assertEquals(2, saver().list(root(), null, 0).size());
  }

  @Test
  void copyThreadCopiesCheckpointsAndWrites() {
    CheckpointConfig c = saver().put(root(), checkpoint(Map.of("n", 1)), CheckpointMetadata.of("loop", 0));
    saver().putWrites(c, "t", List.of(new PendingWrite("t", "n", 2)));
    String copy = thread + "-copy";
    saver().copyThread(thread, copy);
    CheckpointTuple copied = saver().getTuple(CheckpointConfig.thread(copy));
    assertEquals(c.checkpointId(), copied.config().checkpointId());
    assertEquals(1, copied.checkpoint().channelValues().get("n"));
    assertEquals(List.of(new PendingWrite("t", "n", 2)), copied.pendingWrites());
    saver().deleteThread(thread);
    assertNotNull(saver().getTuple(CheckpointConfig.thread(copy)));
  }

  @Test
  void pendingWritesComeBackWithTheirCheckpoint() {
    CheckpointConfig c = saver().put(root(), checkpoint(Map.of()), CheckpointMetadata.of("loop", 0));
    saver().putWrites(c, "task-a", List.of(new PendingWrite("task-a", "log", List.of("a")),
        new PendingWrite("task-a", "branch:to:b", null)));
    saver().putWrites(c, "task-b", List.of(new PendingWrite("task-b", PendingWrite.INTERRUPT,
        List.of(new Interrupt("i1", Map.of("q", "ok?"))))));
    List<PendingWrite> writes = saver().getTuple(c).pendingWrites();
    assertEquals(3, writes.size());
    assertTrue(writes.contains(new PendingWrite("task-a", "log", List.of("a"))));
    assertTrue(writes.contains(new PendingWrite("task-a", "branch:to:b", null)));
    assertTrue(writes.contains(new PendingWrite("task-b", PendingWrite.INTERRUPT, List.of(new Interrupt("i1", Map.of("q", "ok?"))))));
  }

  @Test
  void savingATasksWritesAgainReplacesThem() {
    CheckpointConfig c = saver().put(root(), checkpoint(Map.of()), CheckpointMetadata.of("loop", 0));
    saver().putWrites(c, "t", List.of(new PendingWrite("t", PendingWrite.RESUME, List.of("first"))));
    saver().putWrites(c, "t", List.of(new PendingWrite("t", PendingWrite.RESUME, List.of("first", "second"))));
    saver().putWrites(c, "t", List.of(new PendingWrite("t", "log", List.of("x"))));
    saver().putWrites(c, "t", List.of(new PendingWrite("t", "log", List.of("x"))));
    List<PendingWrite> writes = saver().getTuple(c).pendingWrites();
    assertEquals(2, writes.size(), writes.toString());
    assertTrue(writes.contains(new PendingWrite("t", PendingWrite.RESUME, List.of("first", "second"))));
  }

  @Test
  void aBatchSavingRowsTwiceEndsAsSavingThemOneByOne() {
    CheckpointConfig first = saver().put(root(), checkpoint(Map.of("n", 1)), CheckpointMetadata.of("input", -1));
    Checkpoint cp = checkpoint(Map.of("n", 2));
    CheckpointConfig at = first.withCheckpointId(cp.id());
    saver().putBatch(List.of(
        new SaveOp.Put(first, cp, CheckpointMetadata.of("loop", 0)),
        new SaveOp.Writes(at, "t", List.of(new PendingWrite("t", PendingWrite.ERROR, "first")), true),
        new SaveOp.Writes(at, "t", List.of(new PendingWrite("t", PendingWrite.ERROR, "second")), false),
        new SaveOp.Writes(at, "u", List.of(new PendingWrite("u", "n", 3), new PendingWrite("u", "m", 4)), true),
        new SaveOp.Writes(at, "u", List.of(new PendingWrite("u", "n", 5)), false),
        new SaveOp.Put(first, cp, CheckpointMetadata.of("loop", 0, Map.of("reviewed", true)))));
    CheckpointTuple t = saver().getTuple(at);
    assertEquals(true, t.metadata().extra().get("reviewed"));
    assertEquals(first.checkpointId(), t.parentConfig().checkpointId());
    assertEquals(List.of(new PendingWrite("t", PendingWrite.ERROR, "second"), new PendingWrite("u", "n", 5)),
        t.pendingWrites());
  }

  @Test
  void deleteThreadRemovesEveryNamespace() {
    CheckpointConfig c = saver().put(root(), checkpoint(Map.of()), CheckpointMetadata.of("loop", 0));
    saver().putWrites(c, "t", List.of(new PendingWrite("t", "log", List.of("x"))));
    saver().put(root().withNamespace("sub:x"), checkpoint(Map.of()), CheckpointMetadata.of("loop", 0));
    saver().deleteThread(thread);
    assertNull(saver().getTuple(root()));
    assertNull(saver().getTuple(root().withNamespace("sub:x")));
  }

  @Test
  void concurrentWritersOnOneThreadLoseNothing() throws Exception {
    CheckpointConfig c = saver().put(root(), checkpoint(Map.of()), CheckpointMetadata.of("loop", 0));
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        int n = i;
        futures.add(pool.submit(() -> {
          saver().putWrites(c, "task-" + n, List.of(new PendingWrite("task-" + n, "log", List.of(n))));
          saver().put(root().withNamespace("ns" + (n % 4)), checkpoint(Map.of("n", n)), CheckpointMetadata.of("loop", n));
        }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(40, saver().getTuple(c).pendingWrites().size());
    int total = 0;
    for (int ns = 0; ns < 4; ns++) {
      total += saver().list(root().withNamespace("ns" + ns), null, 0).size();
    }
    assertEquals(40, total);
  }

  /**
   * The conformance matrix: every threaded conformance scenario (ours and the LangGraph set)
   * in every durability mode, its threads persisted by this saver. Under {@code EXIT} a
   * scenario expects its {@code expect_exit} where LangGraph's result differs there (one
   * checkpoint per run: shorter histories, no earlier checkpoint to replay from).
   */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("durabilityModesAndScenarios")
  void conformanceScenarioPassesOnThisSaver(Durability durability, Path file) {
    JsonNode scenario = ConformanceScenarios.withUniqueThreads(ConformanceScenarios.read(file));
    List<String> diff = ScenarioCheck.diff(ScenarioCheck.expected(scenario, durability),
        JsonValues.tree(ScenarioRunner.run(scenario, this::saver, durability)));
    if (!diff.isEmpty()) {
      fail(file.getFileName() + " on " + saver().getClass().getSimpleName() + " with " + durability
          + " durability:\n" + String.join("\n", diff));
    }
  }

  static Stream<Arguments> durabilityModesAndScenarios() {
    List<Path> files = ConformanceScenarios.threaded();
    return Stream.of(Durability.values()).flatMap(d -> files.stream()
        .map(f -> Arguments.of(d, Named.of(f.getParent().getFileName() + "/" + f.getFileName(), f))));
  }
}
