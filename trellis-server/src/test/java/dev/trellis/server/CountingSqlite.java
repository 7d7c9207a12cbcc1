package dev.trellis.server;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.function.Predicate;

/**
 * Records every statement executed on SQLite files under one directory (a batch once), by
 * standing in front of the SQLite JDBC driver for those URLs only; other tests' databases pass
 * by untouched. Close it to stand aside.
 */
final class CountingSqlite implements Driver, AutoCloseable {
  private final String prefix;
  private final Driver sqlite;
  private final List<String> executed = Collections.synchronizedList(new ArrayList<>());

  private CountingSqlite(Path dir, Driver sqlite) {
    this.prefix = "jdbc:sqlite:" + dir.toAbsolutePath();
    this.sqlite = sqlite;
  }

  /** Starts recording the statements run on SQLite files under {@code dir}. */
  static CountingSqlite under(Path dir) throws SQLException {
    Driver original = new org.sqlite.JDBC();
    CountingSqlite counting = new CountingSqlite(dir, original);
    // DriverManager asks drivers in the order they registered: put this one before SQLite's.
    List<Driver> others = new ArrayList<>();
    for (Driver d : Collections.list(DriverManager.getDrivers())) {
      if (d.acceptsURL("jdbc:sqlite::memory:")) {
        DriverManager.deregisterDriver(d);
        others.add(d);
      }
    }
    DriverManager.registerDriver(counting);
    for (Driver d : others) {
      DriverManager.registerDriver(d);
    }
    return counting;
  }

  /** Forgets what was recorded so far. */
  void reset() {
    executed.clear();
  }

  /** How many recorded statements match {@code sql} (whitespace in their text collapsed). */
  long count(Predicate<String> sql) {
    synchronized (executed) {
      return executed.stream().filter(sql).count();
    }
  }

  /** Every recorded statement, in order. */
  List<String> all() {
    synchronized (executed) {
      return List.copyOf(executed);
    }
  }

  @Override
  public void close() throws SQLException {
    DriverManager.deregisterDriver(this);
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null;
    }
    Connection c = sqlite.connect(url, info);
    return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class}, (p, m, a) -> {
      Object same = identity(p, m, a);
      if (same != null) {
        return same;
      }
      Object r = call(c, m, a);
      if (r instanceof PreparedStatement ps) {
        return statement(ps, PreparedStatement.class, (String) a[0]);
      }
      if (r instanceof Statement st) {
        return statement(st, Statement.class, null);
      }
      return r;
    });
  }

  /** A proxy's {@code equals} and {@code hashCode}, by identity; null for every other method. */
  private static Object identity(Object proxy, Method m, Object[] a) {
    return switch (m.getName()) {
      case "equals" -> proxy == a[0];
      case "hashCode" -> System.identityHashCode(proxy);
      default -> null;
    };
  }

  private Object statement(Statement st, Class<? extends Statement> type, String prepared) {
    return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {type}, (p, m, a) -> {
      Object same = identity(p, m, a);
      if (same != null) {
        return same;
      }
      if (m.getName().startsWith("execute")) {
        String sql = a != null && a.length > 0 && a[0] instanceof String s ? s : prepared;
        executed.add(sql == null ? "?" : sql.replaceAll("\\s+", " ").trim());
      }
      return call(st, m, a);
    });
  }

  private static Object call(Object target, java.lang.reflect.Method m, Object[] a) throws Throwable {
    try {
      return m.invoke(target, a);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  @Override
  public boolean acceptsURL(String url) {
    return url != null && url.startsWith(prefix);
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
