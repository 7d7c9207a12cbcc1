package dev.trellis.bench;

import java.io.PrintStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * Counts what a server process sends its database at the JDBC layer, for the per-run figures of
 * W9 ({@link W9Probe}, SQLite) and W9pg ({@link W9Serve}, PostgreSQL): statements executed by text
 * (a batch once, its rows apart), commits and rollbacks, savepoints (SQLite's works joining a
 * group commit), rows written ({@code INSERT}/{@code UPDATE}/{@code DELETE} counts) and rows read
 * {@code FOR UPDATE}/{@code FOR SHARE}. A connection becomes a reader when {@code PRAGMA
 * query_only=ON} runs on it (as {@code SqliteDatabase} makes its readers); its statements and
 * transactions are counted apart. Connections are wrapped under the pool (PostgreSQL: {@link #wrap})
 * or handed out by a driver put in front of SQLite's ({@link #installSqlite}), so the server runs
 * unchanged; the wrapping costs a little time, so take speed from runs without it.
 */
final class CountingJdbc {
  final LongAdder writerStatements = new LongAdder();
  final LongAdder readerStatements = new LongAdder();
  final LongAdder readerTransactions = new LongAdder();
  final LongAdder batchRows = new LongAdder();
  final LongAdder savepoints = new LongAdder();
  final LongAdder commits = new LongAdder();
  final LongAdder rollbacks = new LongAdder();
  final LongAdder rowsWritten = new LongAdder();
  final LongAdder rowsLocked = new LongAdder();
  /** Executions by statement text, whitespace collapsed ({@code [reader] } before a reader's, {@code  [batch]} after a batch). */
  private final Map<String, LongAdder> bySql = new ConcurrentHashMap<>();
  /** Rows the statement itself wrote (its update count; a batch's rows summed), by the same text as {@link #bySql}. */
  private final Map<String, LongAdder> rowsBySql = new ConcurrentHashMap<>();
  /**
   * Rows written by SQLite in all, the statement's triggers' rows included ({@code sqlite3_total_changes} before and
   * after it, on the writer's connection: only one statement runs on it at a time), by the same text.
   */
  private final Map<String, LongAdder> changesBySql = new ConcurrentHashMap<>();

  /** The counters W9Probe prints, in order ({@link #NAMES}). */
  long[] snapshot() {
    return new long[] {writerStatements.sum(), batchRows.sum(), savepoints.sum(), commits.sum(), rollbacks.sum(),
        readerStatements.sum(), readerTransactions.sum()};
  }

  static final String[] NAMES = {"writer statements (a batch once)", "batch rows", "savepoints (works joining a group)",
      "commits", "rollbacks", "reader statements", "reader transactions"};

  /** Executions by statement text so far. */
  Map<String, Long> bySql() {
    return sums(bySql);
  }

  /** Rows each statement text wrote itself so far (update counts). */
  Map<String, Long> rowsBySql() {
    return sums(rowsBySql);
  }

  /** Rows each statement text made SQLite write so far, its triggers' included (SQLite only; empty elsewhere). */
  Map<String, Long> changesBySql() {
    return sums(changesBySql);
  }

  private static Map<String, Long> sums(Map<String, LongAdder> adders) {
    Map<String, Long> out = new HashMap<>();
    adders.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  /** SQLite's count of rows written on {@code c} since it opened, triggers' included; -1 when not SQLite. */
  private static long totalChanges(Connection c) {
    try {
      return c.isWrapperFor(org.sqlite.SQLiteConnection.class)
          ? c.unwrap(org.sqlite.SQLiteConnection.class).getDatabase().total_changes() : -1;
    } catch (SQLException e) {
      return -1;
    }
  }

  /** {@code raw} with every connection it gives counted. */
  DataSource wrap(DataSource raw) {
    return (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class},
        (p, m, a) -> {
          Object r = call(raw, m, a);
          return r instanceof Connection c ? connection(c) : r;
        });
  }

  /** Puts a driver counting into {@code counts} in front of the SQLite driver for every later {@code DriverManager.getConnection}. */
  static void installSqlite(CountingJdbc counts) throws SQLException {
    Driver original = null;
    for (Driver d : Collections.list(DriverManager.getDrivers())) {
      if (d.acceptsURL("jdbc:sqlite::memory:") && !(d instanceof SqliteDriver)) {
        original = d;
        DriverManager.deregisterDriver(d);
      }
    }
    DriverManager.registerDriver(new SqliteDriver(original == null ? new org.sqlite.JDBC() : original, counts));
  }

  Connection connection(Connection c) {
    ConnectionCounter counter = new ConnectionCounter(c);
    return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, counter);
  }

  /** Proxies compare and hash by identity (the database keys its statement cache by connection); wrapping asks the target. */
  private static Object common(Object proxy, Object target, Method m, Object[] a) throws SQLException {
    return switch (m.getName()) {
      case "equals" -> proxy == a[0];
      case "hashCode" -> System.identityHashCode(proxy);
      case "unwrap" -> ((java.sql.Wrapper) target).unwrap((Class<?>) a[0]);
      case "isWrapperFor" -> ((java.sql.Wrapper) target).isWrapperFor((Class<?>) a[0]);
      default -> null;
    };
  }

  private final class ConnectionCounter implements InvocationHandler {
    final Connection target;
    volatile boolean reader;

    ConnectionCounter(Connection target) {
      this.target = target;
    }

    @Override
    public Object invoke(Object proxy, Method m, Object[] a) throws Throwable {
      Object same = common(proxy, target, m, a);
      if (same != null) {
        return same;
      }
      switch (m.getName()) {
        case "commit" -> (reader ? readerTransactions : commits).increment();
        case "rollback" -> {
          if (a == null && !reader) {
            rollbacks.increment();
          }
        }
        default -> { }
      }
      Object r = call(target, m, a);
      if (r instanceof PreparedStatement ps) {
        return statement(ps, PreparedStatement.class, this, (String) a[0]);
      }
      if (r instanceof Statement st) {
        return statement(st, Statement.class, this, null);
      }
      return r;
    }
  }

  private Object statement(Statement st, Class<? extends Statement> type, ConnectionCounter connection, String prepared) {
    InvocationHandler h = new InvocationHandler() {
      int batched;

      @Override
      public Object invoke(Object p, Method m, Object[] a) throws Throwable {
        Object same = common(p, st, m, a);
        if (same != null) {
          return same;
        }
        String name = m.getName();
        if (name.equals("addBatch")) {
          batched++;
          batchRows.increment();
        }
        if (!name.startsWith("execute")) {
          return call(st, m, a);
        }
        String sql = a != null && a.length > 0 && a[0] instanceof String s ? s : prepared;
        if (sql != null && sql.contains("query_only=ON")) {
          connection.reader = true;
        }
        (connection.reader ? readerStatements : writerStatements).increment();
        if (sql != null && sql.startsWith("SAVEPOINT")) {
          savepoints.increment();
        }
        String text = sql == null ? "?" : sql.replaceAll("\\s+", " ").trim();
        String key = (connection.reader ? "[reader] " : "") + text + (name.equals("executeBatch") ? " [batch]" : "");
        bySql.computeIfAbsent(key, k -> new LongAdder()).increment();
        long changesBefore = connection.reader ? -1 : totalChanges(connection.target);
        Object r = call(st, m, a);
        if (changesBefore >= 0) {
          long changed = totalChanges(connection.target) - changesBefore;
          if (changed > 0) {
            changesBySql.computeIfAbsent(key, k -> new LongAdder()).add(changed);
          }
        }
        String upper = text.toUpperCase(Locale.ROOT);
        boolean writes = upper.startsWith("UPDATE") || upper.startsWith("DELETE") || upper.startsWith("INSERT");
        long rows = 0;
        if (name.equals("executeBatch")) {
          batched = 0;
          for (int n : (int[]) r) {
            if (n > 0 && writes) {
              rows += n;
            }
          }
        } else if (r instanceof Integer n && n > 0 && writes) {
          rows = n;
        } else if (r instanceof ResultSet rs && (upper.contains("FOR UPDATE") || upper.contains("FOR SHARE"))) {
          return lockedRows(rs);
        } else if (name.equals("execute") && writes && Boolean.FALSE.equals(r) && st.getUpdateCount() > 0) {
          // (SQLite's driver answers a COMMIT's or SAVEPOINT's update count with the last statement's: not counted)
          rows = st.getUpdateCount();
        }
        if (rows > 0) {
          rowsWritten.add(rows);
          rowsBySql.computeIfAbsent(key, k -> new LongAdder()).add(rows);
        }
        return r;
      }
    };
    return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, h);
  }

  private ResultSet lockedRows(ResultSet rs) {
    return (ResultSet) Proxy.newProxyInstance(ResultSet.class.getClassLoader(), new Class<?>[] {ResultSet.class},
        (p, m, a) -> {
          Object r = call(rs, m, a);
          if (m.getName().equals("next") && Boolean.TRUE.equals(r)) {
            rowsLocked.increment();
          }
          return r;
        });
  }

  private static Object call(Object target, Method m, Object[] a) throws Throwable {
    try {
      return m.invoke(target, a);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /**
   * Prints W9pg's counts as {@code count NAME VALUE} lines, then one {@code sql COUNT TEXT} line per statement
   * (its text cut at 110 characters): every statement execution, batch, commit and rollback is a round trip.
   */
  void print(PrintStream out) {
    long statements = writerStatements.sum() + readerStatements.sum();
    long commitCount = commits.sum() + readerTransactions.sum();
    out.println("count round_trips " + (statements + commitCount + rollbacks.sum()));
    out.println("count statements " + statements);
    out.println("count commits " + commitCount);
    out.println("count rollbacks " + rollbacks.sum());
    out.println("count batch_rows " + batchRows.sum());
    out.println("count rows_written " + rowsWritten.sum());
    out.println("count rows_locked_read " + rowsLocked.sum());
    Map<String, Long> cut = new HashMap<>();
    bySql().forEach((k, v) -> cut.merge(k.length() > 110 ? k.substring(0, 110) : k, v, Long::sum));
    out.println("count notifies " + cut.entrySet().stream().filter(e -> e.getKey().contains("pg_notify"))
        .mapToLong(Map.Entry::getValue).sum());
    cut.entrySet().stream().sorted(Comparator.comparingLong(e -> -e.getValue()))
        .forEach(e -> out.println("sql " + e.getValue() + " " + e.getKey()));
  }

  /** The SQLite driver's connections, counted. */
  private static final class SqliteDriver implements Driver {
    private final Driver sqlite;
    private final CountingJdbc counts;

    SqliteDriver(Driver sqlite, CountingJdbc counts) {
      this.sqlite = sqlite;
      this.counts = counts;
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
      Connection c = sqlite.connect(url, info);
      return c == null ? null : counts.connection(c);
    }

    @Override
    public boolean acceptsURL(String url) throws SQLException {
      return sqlite.acceptsURL(url);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
      return sqlite.getPropertyInfo(url, info);
    }

    @Override
    public int getMajorVersion() {
      return sqlite.getMajorVersion();
    }

    @Override
    public int getMinorVersion() {
      return sqlite.getMinorVersion();
    }

    @Override
    public boolean jdbcCompliant() {
      return false;
    }

    @Override
    public java.util.logging.Logger getParentLogger() throws SQLFeatureNotSupportedException {
      throw new SQLFeatureNotSupportedException();
    }
  }
}
