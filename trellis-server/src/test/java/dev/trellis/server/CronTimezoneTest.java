package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.testkit.TestClock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A cron keeps the timezone it was created with, through PATCHes and fires; a thread's crons go with the thread. */
class CronTimezoneTest {
  static String nextRun(HttpClientHelper http, String cronId) {
    for (Object c : http.call("POST", "/runs/crons/search", Map.of()).list()) {
      if (cronId.equals(((Map<?, ?>) c).get("cron_id"))) {
        return (String) ((Map<?, ?>) c).get("next_run_date");
      }
    }
    throw new AssertionError("cron " + cronId + " is gone");
  }

  static void atThreeThirtyUtc(String date) {
    OffsetDateTime t = OffsetDateTime.parse(date);
    assertEquals(3, t.getHour(), date);
    assertEquals(30, t.getMinute(), date);
  }

  @Test
  void aKolkataCronFiresAtThreeThirtyUtcBeforeAndAfterAPatchAndAFire() throws Exception {
    TestClock clock = TestClock.running();
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("tz.db")).clock(clock).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      HttpClientHelper.Reply created = http.call("POST", "/threads/" + t + "/runs/crons", Map.of("assistant_id", "chain",
          "schedule", "0 9 * * *", "timezone", "Asia/Kolkata", "input", Map.of("count", 0)));
      assertEquals(200, created.status(), created.text());
      assertEquals("Asia/Kolkata", created.get("timezone"));
      String id = created.get("cron_id");
      String first = nextRun(http, id);
      atThreeThirtyUtc(first);

      assertEquals(200, http.call("PATCH", "/runs/crons/" + id, Map.of("enabled", true)).status());
      assertEquals(first, nextRun(http, id), "a PATCH without a timezone keeps the cron's");

      clock.advance(Duration.ofMillis(OffsetDateTime.parse(first).toInstant().toEpochMilli() - clock.millis() + 30_000));
      long end = System.currentTimeMillis() + 30_000;
      while (nextRun(http, id).equals(first) && System.currentTimeMillis() < end) {
        Thread.sleep(50);
      }
      String second = nextRun(http, id);
      assertTrue(!second.equals(first), "the cron fired");
      atThreeThirtyUtc(second);
      assertEquals(Duration.ofDays(1), Duration.between(OffsetDateTime.parse(first), OffsetDateTime.parse(second)));

      assertEquals(200, http.call("PATCH", "/runs/crons/" + id, Map.of("timezone", "UTC")).status());
      assertEquals(9, OffsetDateTime.parse(nextRun(http, id)).getHour(), "a PATCH may change the timezone");
    }
  }

  @Test
  void deletingAThreadDeletesItsCrons() {
    try (TrellisServer server = TestServers.sqlite(TestServers.tempDir())) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      String other = http.call("POST", "/threads", Map.of()).get("thread_id");
      http.call("POST", "/threads/" + t + "/runs/crons", Map.of("assistant_id", "chain", "schedule", "* * * * *"));
      http.call("POST", "/threads/" + other + "/runs/crons", Map.of("assistant_id", "chain", "schedule", "* * * * *"));
      assertEquals(204, http.call("DELETE", "/threads/" + t, null).status());
      List<Object> left = http.call("POST", "/runs/crons/search", Map.of()).list();
      assertEquals(1, left.size(), left.toString());
      assertEquals(other, ((Map<?, ?>) left.getFirst()).get("thread_id"));
    }
  }
}
