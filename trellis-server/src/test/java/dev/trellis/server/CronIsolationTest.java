package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.auth.Authenticator;
import dev.trellis.testkit.TestClock;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One user's broken cron row does not stop other users' crons. */
class CronIsolationTest {
  @Test
  void aBrokenCronRowDoesNotStopOtherUsersCrons() throws Exception {
    Path dir = TestServers.tempDir();
    TestClock clock = TestClock.running();
    try (TrellisServer server = TestServers.builder().sqlite(dir.resolve("crons.db")).clock(clock)
        .authenticator(Authenticator.apiKeys(Map.of("key-a", "alice", "key-b", "bob"))).start()) {
      HttpClientHelper alice = new HttpClientHelper(server).as("key-a");
      HttpClientHelper bob = new HttpClientHelper(server).as("key-b");
      assertEquals(200, alice.call("POST", "/runs/crons", Map.of("assistant_id", "chain", "schedule", "* * * * *")).status());
      String t = bob.call("POST", "/threads", Map.of()).get("thread_id");
      assertEquals(200, bob.call("POST", "/threads/" + t + "/runs/crons", Map.of("assistant_id", "chain",
          "schedule", "* * * * *", "input", Map.of("log", List.of("bob")))).status());
      // A row written before end_time was validated (or edited by hand): due first, unparseable.
      try (var c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("crons.db")); var st = c.createStatement()) {
        st.execute("PRAGMA busy_timeout=10000");
        st.executeUpdate("UPDATE trellis_crons SET end_time = 'not-a-date', next_run_at = 0 WHERE owner = 'alice'");
      }
      clock.advance(Duration.ofMinutes(2));
      long end = System.currentTimeMillis() + 20_000;
      while (bob.call("GET", "/threads/" + t + "/runs", null).list().isEmpty() && System.currentTimeMillis() < end) {
        Thread.sleep(50);
      }
      assertEquals(1, bob.call("GET", "/threads/" + t + "/runs", null).list().size(), "bob's cron never fired");
      Map<?, ?> aliceCron = (Map<?, ?>) alice.call("POST", "/runs/crons/search", Map.of()).list().getFirst();
      assertTrue(java.time.OffsetDateTime.parse((String) aliceCron.get("next_run_date")).toInstant().toEpochMilli() > 0,
          "the broken cron was postponed, not retried every tick");
    }
  }
}
