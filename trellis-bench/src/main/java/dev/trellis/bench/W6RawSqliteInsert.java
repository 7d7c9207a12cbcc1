package dev.trellis.bench;

import dev.trellis.checkpoint.serde.JacksonSerde;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * W6's floor: a raw sqlite-jdbc insert-and-commit of the bytes one W6 superstep persists
 * (a checkpoint blob of the same shape plus the task's write), same file settings (WAL,
 * synchronous=NORMAL). Time per insert.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class W6RawSqliteInsert {
  Connection c;
  PreparedStatement insert;
  byte[] checkpointBytes;
  byte[] writeBytes;
  final AtomicLong id = new AtomicLong();

  @Setup(Level.Trial)
  public void setup() throws Exception {
    Path dir = Files.createTempDirectory("w6raw");
    c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("raw.db"));
    try (var st = c.createStatement()) {
      st.execute("PRAGMA journal_mode=WAL");
      st.execute("PRAGMA synchronous=NORMAL");
      st.execute("CREATE TABLE t (id TEXT PRIMARY KEY, cp BLOB, w BLOB)");
    }
    c.setAutoCommit(false);
    insert = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?)");
    JacksonSerde serde = new JacksonSerde();
    checkpointBytes = serde.dump(Map.of("id", "1f0000000000000000000000000000aa", "ts", "2026-11-21T00:00:00Z",
        "values", Map.of("count", 57, "log", List.of(), "results", List.of(), "branch:to:loop", "x"),
        "versions", Map.of("count", 58L, "branch:to:loop", 58L, "__start__", 2L),
        "seen", Map.of("loop", Map.of("branch:to:loop", 57L), "__start__", Map.of("__start__", 1L))));
    writeBytes = serde.dump(Map.of("count", 58));
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    c.close();
  }

  @Benchmark
  public int insert() throws Exception {
    insert.setString(1, Long.toString(id.incrementAndGet()));
    insert.setBytes(2, checkpointBytes);
    insert.setBytes(3, writeBytes);
    int n = insert.executeUpdate();
    c.commit();
    return n;
  }
}
