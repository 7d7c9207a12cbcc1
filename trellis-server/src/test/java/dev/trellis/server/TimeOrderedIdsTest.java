package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.db.TimeOrderedIds;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Threads and runs the server names get version-7 UUIDs: creation time first, so new rows land together in the indexes. */
class TimeOrderedIdsTest {
  @TempDir
  Path dir;

  private static void assertVersion7(String id) {
    UUID uuid = UUID.fromString(id);
    assertEquals(7, uuid.version(), id);
    assertEquals(2, uuid.variant(), id);
  }

  @Test
  void idsMadeInALaterMillisecondSortAfterEarlierOnesAsText() {
    String first = TimeOrderedIds.next();
    long at = System.currentTimeMillis();
    while (System.currentTimeMillis() <= at) {
      Thread.onSpinWait();
    }
    String later = TimeOrderedIds.next();
    assertVersion7(first);
    assertVersion7(later);
    assertTrue(later.compareTo(first) > 0, later + " sorts before " + first);
    long millis = UUID.fromString(later).getMostSignificantBits() >>> 16;
    assertTrue(Math.abs(millis - System.currentTimeMillis()) < 60_000, "the first 48 bits are the creation time");
  }

  @Test
  void idsMadeWithinOneMillisecondStillSortInTheOrderTheyWereMade() {
    String previous = TimeOrderedIds.next();
    for (int i = 0; i < 20_000; i++) { // thousands per millisecond: the counter, not the clock, orders them
      String id = TimeOrderedIds.next();
      assertVersion7(id);
      assertTrue(id.compareTo(previous) > 0, id + " sorts before " + previous + ", made earlier");
      previous = id;
    }
  }

  @Test
  void threadsAndRunsTheServerNamesAreVersion7AndThoseClientsNameAreKept() {
    try (TrellisServer server = TestServers.sqlite(dir)) {
      HttpClientHelper http = new HttpClientHelper(server);
      String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
      assertVersion7(thread);
      HttpClientHelper.Reply run = http.call("POST", "/threads/" + thread + "/runs",
          Map.of("assistant_id", "chain", "input", Map.of("count", 0)));
      assertVersion7(run.get("run_id"));
      String stateless = http.call("POST", "/runs", Map.of("assistant_id", "chain", "input", Map.of("count", 0))).get("thread_id");
      assertVersion7(stateless);
      String chosen = UUID.randomUUID().toString();
      assertEquals(chosen, http.call("POST", "/threads", Map.of("thread_id", chosen)).get("thread_id"));
    }
  }
}
