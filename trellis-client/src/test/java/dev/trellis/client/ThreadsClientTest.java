package dev.trellis.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Against a real server on SQLite; a stream that never ends fails its test instead of hanging the build. */
@Timeout(300)
class ThreadsClientTest extends ServedTest {
  private String ranHello(String name) {
    String tid = client.threads().create().threadId();
    client.runs().wait(tid, RunRequest.of("hello", Map.of("name", name)));
    return tid;
  }

  @Test
  void aThreadKeepsItsMetadataAndIsGoneOnceDeleted() {
    ThreadInfo t = client.threads().create(Map.of("metadata", Map.of("user", "ada")));
    assertEquals("idle", t.status());
    client.threads().update(t.threadId(), Map.of("topic", "tea"));
    assertEquals(Map.of("user", "ada", "topic", "tea"), client.threads().get(t.threadId()).metadata());
    client.threads().delete(t.threadId());
    TrellisApiException e = assertThrows(TrellisApiException.class, () -> client.threads().get(t.threadId()));
    assertEquals(404, e.status());
  }

  @Test
  void theStateAfterARunHoldsItsValuesAndTheHistoryWalksBack() {
    String tid = ranHello("Ada");
    ThreadState s = client.threads().getState(tid);
    assertEquals("Hello, Ada! (Trellis)", s.values().get("greeting"));
    assertEquals(List.of(), s.next());
    assertEquals(tid, s.checkpoint().threadId());
    List<ThreadState> history = client.threads().getHistory(tid, 10);
    assertEquals(s.checkpoint().checkpointId(), history.getFirst().checkpoint().checkpointId());
    assertEquals(List.of(List.of("greet", "sign"), List.of("greet"), List.of()),
        history.stream().limit(3).map(h -> h.values().getOrDefault("steps", List.of())).toList());
    ThreadState older = client.threads().getState(tid, history.get(1).checkpoint().checkpointId(), false);
    assertEquals(List.of("sign"), older.next());
    List<ThreadState> before = client.threads().getHistory(tid, 1, s.checkpoint().checkpointId(), null);
    assertEquals(history.get(1).checkpoint().checkpointId(), before.getFirst().checkpoint().checkpointId());
  }

  @Test
  void updateStateWritesAsANodeAndForksFromACheckpoint() {
    String tid = ranHello("Ada");
    Checkpoint cp = client.threads().updateState(tid, Map.of("greeting", "Bonjour"), "sign");
    ThreadState s = client.threads().getState(tid);
    assertEquals(cp.checkpointId(), s.checkpoint().checkpointId());
    assertEquals("Bonjour", s.values().get("greeting"));
    assertEquals("update", s.metadata().get("source"));
    String afterGreet = client.threads().getHistory(tid, 10).stream()
        .filter(h -> h.next().equals(List.of("sign"))).findFirst().orElseThrow().checkpoint().checkpointId();
    Checkpoint fork = client.threads().updateState(tid, Map.of("greeting", "Hi"), "greet", afterGreet);
    assertEquals(afterGreet, client.threads().getState(tid, fork.checkpointId(), false).parentCheckpoint().checkpointId());
  }

  @Test
  void aCopyHasTheSameStateUnderANewId() {
    String tid = ranHello("Grace");
    ThreadInfo copy = client.threads().copy(tid);
    assertNotEquals(tid, copy.threadId());
    assertEquals(client.threads().getState(tid).values(), client.threads().getState(copy.threadId()).values());
  }

  @Test
  void searchFindsThreadsByMetadataAndStatus() {
    ThreadInfo t = client.threads().create(Map.of("metadata", Map.of("case", "search-1")));
    client.runs().wait(t.threadId(), RunRequest.of("approval", Map.of("name", "report")));
    List<ThreadInfo> found = client.threads().search(Map.of("metadata", Map.of("case", "search-1"), "status", "interrupted"));
    assertEquals(List.of(t.threadId()), found.stream().map(ThreadInfo::threadId).toList());
    assertEquals(1, client.threads().count(Map.of("metadata", Map.of("case", "search-1"))));
    assertEquals(0, client.threads().count(Map.of("metadata", Map.of("case", "search-1"), "status", "idle")));
  }

  @Test
  void patchStateMergesIntoTheLatestCheckpointsMetadata() {
    String tid = ranHello("Ada");
    client.threads().patchState(tid, Map.of("reviewed", true));
    assertEquals(true, client.threads().getState(tid).metadata().get("reviewed"));
  }

  @Test
  void aThreadStreamFollowsTheRunsStartedOnTheThread() {
    String tid = client.threads().create().threadId();
    try (EventStream events = client.threads().joinStream(tid, null, "run_modes", "lifecycle")) {
      Run run = client.runs().create(tid, RunRequest.of("hello", Map.of("name", "Ada")));
      Iterator<StreamEvent> it = events.iterator();
      StreamEvent e;
      do {
        e = it.next();
      } while (!e.mode().equals("run_done"));
      assertEquals(Map.of("run_id", run.runId(), "status", "success"), e.data());
      assertTrue(e.id().startsWith(run.runId() + ":"), e.id());
    }
  }
}
