package dev.trellis.bench;

import dev.trellis.graph.CompileOptions;
import dev.trellis.server.TrellisServer;
import java.io.IOException;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * One W9 server process on PostgreSQL, for {@code bench/run-w9-postgres.sh}: serves W1's graph
 * as {@code chain} on the schema {@code SCHEMA} of {@code TRELLIS_PG_URL}, prints {@code port N}
 * and serves until its standard input closes. {@code --create SCHEMA} and {@code --drop SCHEMA}
 * make and remove the schema the processes share.
 * Usage: {@code java -cp benchmarks.jar dev.trellis.bench.W9Serve SCHEMA WORKER_ID | --create SCHEMA | --drop SCHEMA}.
 */
public final class W9Serve {
  private W9Serve() {}

  /** Runs executed, CPU, JIT and GC time of this process so far, as {@code count runs N}, {@code cpu NAME MS} entries. */
  private static java.util.List<String> spent(TrellisServer server) {
    var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    return java.util.List.of("count runs " + server.runCounters().ended(),
        "cpu process_ms " + os.getProcessCpuTime() / 1_000_000,
        "cpu jit_ms " + java.lang.management.ManagementFactory.getCompilationMXBean().getTotalCompilationTime(),
        "cpu gc_ms " + java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
            .mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionTime).sum());
  }

  /** The pool {@code postgres(url)} would open (eight connections, batched inserts rewritten), plus two for the LISTEN
   * and liveness connections it holds, over connections {@code counting} counts. */
  private static com.zaxxer.hikari.HikariDataSource countedPool(String url, CountingJdbc counting) {
    org.postgresql.ds.PGSimpleDataSource raw = new org.postgresql.ds.PGSimpleDataSource();
    raw.setURL(url + "&reWriteBatchedInserts=true");
    com.zaxxer.hikari.HikariConfig cfg = new com.zaxxer.hikari.HikariConfig();
    cfg.setDataSource(counting.wrap(raw));
    cfg.setMaximumPoolSize(10);
    cfg.setAutoCommit(false);
    return new com.zaxxer.hikari.HikariDataSource(cfg);
  }

  public static void main(String[] args) throws IOException, SQLException {
    String base = System.getenv("TRELLIS_PG_URL");
    if (base == null || args.length < 2) {
      throw new IllegalArgumentException("set TRELLIS_PG_URL and give SCHEMA WORKER_ID, --create SCHEMA or --drop SCHEMA");
    }
    if (args[0].equals("--create") || args[0].equals("--drop")) {
      String sql = (args[0].equals("--create") ? "CREATE SCHEMA " : "DROP SCHEMA IF EXISTS ") + args[1]
          + (args[0].equals("--drop") ? " CASCADE" : "");
      try (var c = DriverManager.getConnection(base); var st = c.createStatement()) {
        st.execute(sql);
      }
      return;
    }
    String url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + args[0] + "&ApplicationName=" + args[1];
    boolean count = Boolean.getBoolean("w9.count");
    CountingJdbc counting = new CountingJdbc();
    com.zaxxer.hikari.HikariDataSource pool = count ? countedPool(url, counting) : null;
    TrellisServer.Builder b = TrellisServer.builder().port(0).host("127.0.0.1").workerId(args[1])
        .graph("chain", (saver, store) -> Workloads.chain10(CompileOptions.checkpointer(saver).withStore(store)));
    PgWaits waits = count ? new PgWaits(url, args[1]) : null;
    try (TrellisServer server = (count ? b.dataSource(pool) : b.postgres(url)).start()) {
      System.out.println("port " + server.port());
      System.out.flush();
      var in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in));
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.equals("mark")) { // serve until the driver closes our input; at each "mark", say what was spent so far
          System.out.println("mark " + String.join(" ", spent(server)));
          System.out.flush();
        }
      }
      for (String s : spent(server)) {
        System.out.println(s);
      }
      if (count) {
        counting.print(System.out);
        waits.close();
        waits.print(System.out);
      }
    } finally {
      if (pool != null) {
        pool.close();
      }
    }
  }
}
