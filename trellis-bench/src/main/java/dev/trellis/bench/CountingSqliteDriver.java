package dev.trellis.bench;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Collections;
import java.util.Properties;
import java.util.concurrent.atomic.LongAdder;

/**
 * A JDBC driver for {@code jdbc:sqlite:} URLs that hands out the SQLite driver's connections
 * wrapped to count what goes through them: statements executed (a batch counts once, its rows
 * apart), commits and rollbacks, split between the writer connection and reader connections
 * (a connection becomes a reader when {@code PRAGMA query_only=ON} runs on it, as
 * {@code SqliteDatabase} does to its readers). Installed by {@link #install()} in place of the
 * SQLite driver, for the counting probe ({@link W9Probe}) only: the server runs unchanged.
 */
final class CountingSqliteDriver implements Driver {
  /** The counters, summed over every connection this driver opened. */
  static final class Counts {
    final LongAdder writerStatements = new LongAdder();
    final LongAdder batchRows = new LongAdder();
    final LongAdder savepoints = new LongAdder();
    final LongAdder commits = new LongAdder();
    final LongAdder rollbacks = new LongAdder();
    final LongAdder readerStatements = new LongAdder();
    final LongAdder readerTransactions = new LongAdder();

    long[] snapshot() {
      return new long[] {writerStatements.sum(), batchRows.sum(), savepoints.sum(), commits.sum(), rollbacks.sum(),
          readerStatements.sum(), readerTransactions.sum()};
    }

    static final String[] NAMES = {"writer statements (a batch once)", "batch rows", "savepoints (works joining a group)",
        "commits", "rollbacks", "reader statements", "reader transactions"};
  }

  static final Counts COUNTS = new Counts();
  /** Executions by SQL text (a batch once), writer and readers together. */
  static final java.util.concurrent.ConcurrentHashMap<String, LongAdder> BY_SQL = new java.util.concurrent.ConcurrentHashMap<>();
  private final Driver sqlite;

  private CountingSqliteDriver(Driver sqlite) {
    this.sqlite = sqlite;
  }

  /** Puts this driver in front of the SQLite driver for every later {@code DriverManager.getConnection}. */
  static void install() throws SQLException {
    Driver original = null;
    for (Driver d : Collections.list(DriverManager.getDrivers())) {
      if (d.acceptsURL("jdbc:sqlite::memory:") && !(d instanceof CountingSqliteDriver)) {
        original = d;
        DriverManager.deregisterDriver(d);
      }
    }
    if (original == null) {
      original = new org.sqlite.JDBC();
    }
    DriverManager.registerDriver(new CountingSqliteDriver(original));
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    Connection c = sqlite.connect(url, info);
    return c == null ? null : wrap(c, Connection.class, new ConnectionCounter(c));
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

  private static <T> T wrap(Object target, Class<T> type, InvocationHandler h) {
    return type.cast(Proxy.newProxyInstance(CountingSqliteDriver.class.getClassLoader(), new Class<?>[] {type}, h));
  }

  private static Object call(Object target, Method m, Object[] args) throws Throwable {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** Proxies compare and hash by identity (the database keys its statement cache by connection). */
  private static Object identity(Object proxy, Method m, Object[] args) {
    return switch (m.getName()) {
      case "equals" -> proxy == args[0];
      case "hashCode" -> System.identityHashCode(proxy);
      default -> null;
    };
  }

  private static final class ConnectionCounter implements InvocationHandler {
    final Connection target;
    volatile boolean reader;

    ConnectionCounter(Connection target) {
      this.target = target;
    }

    @Override
    public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
      Object same = identity(proxy, m, args);
      if (same != null) {
        return same;
      }
      switch (m.getName()) {
        case "commit" -> (reader ? COUNTS.readerTransactions : COUNTS.commits).increment();
        case "rollback" -> {
          if (!reader) {
            COUNTS.rollbacks.increment();
          }
        }
        default -> { }
      }
      Object out = call(target, m, args);
      if (out instanceof PreparedStatement ps) {
        return wrap(ps, PreparedStatement.class, new StatementCounter(ps, this, (String) args[0]));
      }
      if (out instanceof Statement st) {
        return wrap(st, Statement.class, new StatementCounter(st, this, null));
      }
      return out;
    }
  }

  private static final class StatementCounter implements InvocationHandler {
    final Statement target;
    final ConnectionCounter connection;
    final boolean savepoint;
    final String sql;

    StatementCounter(Statement target, ConnectionCounter connection, String sql) {
      this.target = target;
      this.connection = connection;
      this.sql = sql;
      this.savepoint = sql != null && sql.startsWith("SAVEPOINT");
    }

    @Override
    public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
      Object same = identity(proxy, m, args);
      if (same != null) {
        return same;
      }
      String name = m.getName();
      if (name.equals("addBatch")) {
        COUNTS.batchRows.increment();
      } else if (name.startsWith("execute")) {
        if (args != null && args.length > 0 && args[0] instanceof String sql && sql.contains("query_only=ON")) {
          connection.reader = true;
        }
        (connection.reader ? COUNTS.readerStatements : COUNTS.writerStatements).increment();
        String text = sql != null ? sql : args != null && args.length > 0 && args[0] instanceof String s ? s : "?";
        BY_SQL.computeIfAbsent((connection.reader ? "[reader] " : "") + text, k -> new LongAdder()).increment();
        if (savepoint) {
          COUNTS.savepoints.increment();
        }
      }
      return call(target, m, args);
    }
  }
}
