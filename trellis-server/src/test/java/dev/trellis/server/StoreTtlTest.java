package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.trellis.checkpoint.store.StoreTtl;
import dev.trellis.testkit.TestClock;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The server's store TTL defaults (LangGraph's store.ttl) through the HTTP API, with time moved by hand. */
class StoreTtlTest {
  static final StoreTtl TEN_MINUTES = StoreTtl.DEFAULT.withDefaultTtl(Duration.ofMinutes(10));

  private static Object value(HttpClientHelper http, String key, String query) {
    var reply = http.call("GET", "/store/items?namespace=prefs&key=" + key + query, null);
    assertEquals(200, reply.status(), reply.text());
    return reply.body() == null ? null : reply.map().get("value");
  }

  private static void put(HttpClientHelper http, String key, Map<String, Object> extra) {
    var body = new java.util.HashMap<String, Object>(Map.of("namespace", List.of("prefs"), "key", key,
        "value", Map.of("v", key)));
    body.putAll(extra);
    assertEquals(204, http.call("PUT", "/store/items", body).status());
  }

  @Test
  void itemsWithoutTheirOwnTtlExpireAfterTheDefaultUnlessRead() throws Exception {
    TestClock clock = TestClock.running();
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("store-ttl.db"))
        .storeTtl(TEN_MINUTES).clock(clock).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      put(http, "read", Map.of());
      put(http, "unread", Map.of());
      put(http, "own", Map.of("ttl", 60));
      clock.advance(Duration.ofMinutes(8));
      assertEquals(Map.of("v", "read"), value(http, "read", ""), "a read restarts its TTL");
      assertEquals(Map.of("v", "unread"), value(http, "unread", "&refresh_ttl=false"), "this read does not");
      clock.advance(Duration.ofMinutes(8));
      assertEquals(Map.of("v", "read"), value(http, "read", ""), "16 minutes after the put, 8 after the read");
      assertNull(value(http, "unread", ""), "gone 10 minutes after the put");
      assertEquals(Map.of("v", "own"), value(http, "own", ""), "its own TTL replaces the default");
      clock.advance(Duration.ofMinutes(11));
      assertNull(value(http, "read", ""));
      var search = http.call("POST", "/store/items/search", Map.of("namespace_prefix", List.of("prefs")));
      assertEquals(List.of("own"), ((List<?>) search.map().get("items")).stream()
          .map(i -> ((Map<?, ?>) i).get("key")).toList());
      assertEquals(422, http.call("GET", "/store/items?namespace=prefs&key=own&refresh_ttl=maybe", null).status());
    }
  }

  @Test
  void readsDoNotRefreshWhenRefreshOnReadIsOff() throws Exception {
    TestClock clock = TestClock.running();
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("store-no-refresh.db"))
        .storeTtl(TEN_MINUTES.withRefreshOnRead(false)).clock(clock).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      put(http, "theme", Map.of());
      clock.advance(Duration.ofMinutes(8));
      assertEquals(Map.of("v", "theme"), value(http, "theme", ""));
      clock.advance(Duration.ofMinutes(3));
      assertNull(value(http, "theme", ""), "expired 10 minutes after the put although it was read");
    }
  }

  @Test
  void expiredItemsAreDeletedAtTheSweepInterval() throws Exception {
    TestClock clock = TestClock.running();
    Path db = TestServers.tempDir().resolve("store-sweep.db");
    try (TrellisServer server = TestServers.builder().sqlite(db).lease(Duration.ofMillis(400))
        .storeTtl(TEN_MINUTES.withSweepInterval(Duration.ofMinutes(5))).clock(clock).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      put(http, "a", Map.of());
      put(http, "b", Map.of("ttl", 60));
      assertEquals(2, rows(db));
      clock.advance(Duration.ofMinutes(11));
      ExpiryTest.await("the expired item's row to be deleted", () -> rows(db) == 1);
    }
  }

  private static int rows(Path db) {
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
         var rs = c.createStatement().executeQuery("SELECT count(*) FROM store_items")) {
      rs.next();
      return rs.getInt(1);
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
