package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SQLite's metadata terms (thread search's index) are written when a thread's metadata changes and only then: a
 * thread made without metadata is found by the metadata its first run stamps, and later runs, which stamp the same
 * metadata, leave its terms as they are.
 */
class ThreadTermsTriggersTest {
  @Test
  void runsThatStampTheSameMetadataLeaveTheThreadsTermsAndSearchStillFindsIt() throws Exception {
    Path dir = TestServers.tempDir();
    Path file = dir.resolve("server.db");
    try (TrellisServer server = TestServers.builder().sqlite(file).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String plain = http.call("POST", "/threads", Map.of()).get("thread_id");
      String tagged = http.call("POST", "/threads", Map.of("metadata", Map.of("team", "red"))).get("thread_id");
      assertEquals(List.of(), terms(file, plain), "a thread without metadata has no terms");
      assertEquals(List.of(tagged), search(http, Map.of("team", "red")));
      for (String thread : List.of(plain, tagged)) {
        run(http, thread);
      }
      List<String> afterFirst = terms(file, plain);
      assertFalse(afterFirst.isEmpty());
      List<String> taggedAfterFirst = terms(file, tagged);
      for (String thread : List.of(plain, tagged)) {
        run(http, thread);
      }
      // The same rows (their rowids), not deleted and written again.
      assertEquals(afterFirst, terms(file, plain));
      assertEquals(taggedAfterFirst, terms(file, tagged));
      assertEquals(List.of(plain, tagged).stream().sorted().toList(),
          search(http, Map.of("graph_id", "chain")).stream().sorted().toList());
      assertEquals(List.of(tagged), search(http, Map.of("team", "red", "graph_id", "chain")));
      // A change of metadata still rewrites them.
      http.call("PATCH", "/threads/" + tagged, Map.of("metadata", Map.of("team", "blue")));
      assertEquals(List.of(), search(http, Map.of("team", "red")));
      assertEquals(List.of(tagged), search(http, Map.of("team", "blue")));
    }
  }

  private static void run(HttpClientHelper http, String thread) {
    HttpClientHelper.Reply r = http.call("POST", "/threads/" + thread + "/runs/wait",
        Map.of("assistant_id", "chain", "input", Map.of("count", 0)));
    assertEquals(200, r.status(), r.text());
  }

  @SuppressWarnings("unchecked")
  private static List<String> search(HttpClientHelper http, Map<String, Object> metadata) {
    HttpClientHelper.Reply r = http.call("POST", "/threads/search", Map.of("metadata", metadata));
    assertEquals(200, r.status(), r.text());
    return r.list().stream().map(x -> (String) ((Map<String, Object>) x).get("thread_id")).toList();
  }

  /** The thread's metadata terms as {@code rowid path term}, in rowid order. */
  private static List<String> terms(Path file, String thread) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        PreparedStatement st = c.prepareStatement("SELECT rowid, path, term FROM trellis_thread_terms "
            + "WHERE thread_id = ? AND field = 'metadata' ORDER BY rowid")) {
      st.setString(1, thread);
      List<String> out = new ArrayList<>();
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getLong(1) + " " + rs.getString(2) + " " + rs.getString(3));
        }
      }
      return out;
    }
  }
}
