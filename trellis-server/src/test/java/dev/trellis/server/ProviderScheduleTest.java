package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.testkit.TestClock;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A provider's schedules become system crons the server's scheduler fires: housekeeping no client has to start. */
class ProviderScheduleTest {
  static final Key<String> TEXT = Key.of("text", String.class);

  /** Serves "tick", whose run records its input in the store, on the schedule it is given. */
  static final class TickProvider implements GraphProvider {
    final String cron;
    volatile Clock seen;

    TickProvider(String cron) {
      this.cron = cron;
    }

    @Override
    public String graphId() {
      return "tick";
    }

    @Override
    public List<Schedule> schedules() {
      return List.of(new Schedule("record", cron, Map.of("text", "tock")));
    }

    @Override
    public CompiledGraph build(CheckpointSaver saver, Store store) {
      throw new AssertionError("served with Builder.provider");
    }

    @Override
    public CompiledGraph build(AppContext app) {
      seen = app.clock();
      return StateGraph.of(Schema.of(TEXT))
          .addNode("record", (s, rt) -> {
            rt.store().put(List.of("ticks"), java.util.UUID.randomUUID().toString(), Map.of("text", s.get(TEXT)), List.of(),
                null);
            return Update.empty();
          })
          .addEdge(StateGraph.START, "record")
          .compile(CompileOptions.checkpointer(app.saver()).withStore(app.store()).withName("tick"));
    }
  }

  static int crons(Path db) throws Exception {
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + db); var st = c.createStatement();
         var rs = st.executeQuery("SELECT count(*) FROM trellis_crons WHERE owner = '' AND assistant_id IS NOT NULL")) {
      return rs.getInt(1);
    }
  }

  @Test
  void aProvidersScheduleIsFiredByTheServersSchedulerWithItsInput(@TempDir Path dir) throws Exception {
    TestClock clock = TestClock.running();
    TickProvider tick = new TickProvider("* * * * *");
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(dir.resolve("s.db")).clock(clock)
        .provider(tick).start()) {
      assertSame(clock, tick.seen, "the application is given the server's clock");
      clock.advance(Duration.ofMinutes(2));
      Store store = server.store();
      long end = System.currentTimeMillis() + 30_000;
      while (store.search(List.of("ticks"), Map.of(), 10, 0).isEmpty() && System.currentTimeMillis() < end) {
        Thread.sleep(50);
      }
      assertEquals("tock", store.search(List.of("ticks"), Map.of(), 10, 0).getFirst().value().get("text"));
    }
  }

  @Test
  void restartsKeepOneSystemCronAndTakeAChangedSchedule(@TempDir Path dir) throws Exception {
    Path db = dir.resolve("s.db");
    for (String cron : List.of("*/5 * * * *", "*/5 * * * *", "0 * * * *")) {
      try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(db)
          .provider(new TickProvider(cron)).start()) {
        assertTrue(server.port() > 0);
      }
      assertEquals(1, crons(db));
    }
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + db); var st = c.createStatement();
         var rs = st.executeQuery("SELECT schedule FROM trellis_crons WHERE owner = ''")) {
      assertEquals("0 * * * *", rs.getString(1));
    }
  }

  @Test
  void aScheduleThatCannotFireIsRefusedWhenDeclared() {
    assertThrows(IllegalArgumentException.class, () -> new GraphProvider.Schedule("x", "every minute", Map.of()));
    assertThrows(IllegalArgumentException.class, () -> new GraphProvider.Schedule(" ", "* * * * *", Map.of()));
  }
}
