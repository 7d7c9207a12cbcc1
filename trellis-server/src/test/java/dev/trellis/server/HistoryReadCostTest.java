package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.checkpoint.serde.Serde;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Reading a long thread's state or history costs what the reply holds, not the thread's length, and never stalls
 * writers: a 1,000-checkpoint thread's {@code /history?limit=1} reads one checkpoint, and writes elsewhere complete
 * while a history read is held mid-way.
 */
class HistoryReadCostTest {
  static final int CHECKPOINTS = 1000;
  static final GatedSerde SERDE = new GatedSerde();
  static TrellisServer server;
  static HttpClientHelper http;
  static String thread;

  /** A serde that can hold the next read still, mid-transaction, until the test lets it go. */
  static final class GatedSerde implements Serde {
    private final Serde inner = new JacksonSerde();
    final AtomicBoolean armed = new AtomicBoolean();
    final CountDownLatch holding = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    @Override
    public byte[] dump(Object value) {
      return inner.dump(value);
    }

    @Override
    public Object load(byte[] bytes) {
      if (armed.compareAndSet(true, false)) {
        holding.countDown();
        try {
          release.await(120, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return inner.load(bytes);
    }
  }

  @BeforeAll
  static void longThread() {
    server = TestServers.builder().sqlite(TestServers.tempDir().resolve("history.db")).serde(SERDE).start();
    http = new HttpClientHelper(server);
    thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    assertEquals(200, http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "chain",
        "input", Map.of("count", 0))).status());
    // The rest of the thread written straight through the saver: each checkpoint appends to the log list.
    CheckpointSaver saver = server.saver();
    CheckpointTuple t = saver.getTuple(CheckpointConfig.thread(thread));
    CheckpointConfig parent = t.config();
    Map<String, Object> values = new HashMap<>(t.checkpoint().channelValues());
    Map<String, Long> versions = new HashMap<>(t.checkpoint().channelVersions());
    List<Object> log = new ArrayList<>((List<?>) values.get("log"));
    int step = t.metadata().step();
    for (int i = 0; i < CHECKPOINTS; i++) {
      log.add("entry " + i);
      values.put("log", List.copyOf(log));
      versions.merge("log", 1L, Long::sum);
      parent = saver.put(parent, new Checkpoint(CheckpointIds.next(), Instant.now().toString(), values, versions,
          t.checkpoint().versionsSeen()), new CheckpointMetadata("update", ++step, Map.of(), Map.of()));
    }
  }

  @AfterAll
  static void stop() {
    SERDE.release.countDown();
    server.close();
  }

  static long checkpointsRead() {
    return ((JdbcSaver) server.saver()).checkpointsRead();
  }

  @Test
  void historyOfOneAndStateReadOneCheckpointOfAThousand() {
    assertTrue(server.saver().list(CheckpointConfig.thread(thread), null, 0).size() > CHECKPOINTS);
    long before = checkpointsRead();
    HttpClientHelper.Reply page = http.call("GET", "/threads/" + thread + "/history?limit=1", null);
    assertEquals(200, page.status(), page.text());
    assertEquals(1, page.list().size());
    Map<?, ?> newest = (Map<?, ?>) page.list().getFirst();
    assertTrue(newest.get("created_at") instanceof String, "created_at comes with the page");
    assertEquals(CHECKPOINTS + 10, ((List<?>) ((Map<?, ?>) newest.get("values")).get("log")).size());
    long afterHistory = checkpointsRead();
    assertTrue(afterHistory - before <= 2, "history?limit=1 read " + (afterHistory - before) + " checkpoints");

    HttpClientHelper.Reply posted = http.call("POST", "/threads/" + thread + "/history", Map.of("limit", 3));
    assertEquals(3, posted.list().size());
    long afterPage = checkpointsRead();
    assertTrue(afterPage - afterHistory <= 4, "a page of 3 read " + (afterPage - afterHistory) + " checkpoints");

    long beforeFilter = checkpointsRead();
    HttpClientHelper.Reply filtered = http.call("POST", "/threads/" + thread + "/history",
        Map.of("limit", 2, "metadata", Map.of("source", "update")));
    assertEquals(2, filtered.list().size(), filtered.text());
    assertTrue(checkpointsRead() - beforeFilter <= 3, "a filtered page of 2 read " + (checkpointsRead() - beforeFilter));
    afterPage = checkpointsRead();

    HttpClientHelper.Reply state = http.call("GET", "/threads/" + thread + "/state", null);
    assertEquals(newest.get("created_at"), state.get("created_at"));
    assertEquals(1, checkpointsRead() - afterPage, "a state read reads the newest checkpoint once");
  }

  @Test
  void writesElsewhereCompleteWhileAHistoryReadIsHeldMidWay() throws Exception {
    SERDE.armed.set(true);
    CompletableFuture<HttpClientHelper.Reply> history = CompletableFuture.supplyAsync(() ->
        http.call("POST", "/threads/" + thread + "/history", Map.of("limit", 100)));
    assertTrue(SERDE.holding.await(60, TimeUnit.SECONDS), "the history read never started");
    // The history read is now inside its read transaction, held still. Writes must not wait for it.
    HttpClientHelper.Reply created = CompletableFuture.supplyAsync(() -> http.call("POST", "/threads", Map.of()))
        .get(60, TimeUnit.SECONDS);
    assertEquals(200, created.status());
    HttpClientHelper.Reply ran = CompletableFuture.supplyAsync(() -> http.call("POST",
        "/threads/" + created.get("thread_id") + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("count", 0))))
        .get(60, TimeUnit.SECONDS);
    assertEquals(10, ((Number) ran.map().get("count")).intValue(), ran.text());
    assertFalse(history.isDone(), "the history read was held all along");
    SERDE.release.countDown();
    HttpClientHelper.Reply page = history.get(60, TimeUnit.SECONDS);
    assertEquals(200, page.status(), page.text());
    assertEquals(100, page.list().size());
  }
}
