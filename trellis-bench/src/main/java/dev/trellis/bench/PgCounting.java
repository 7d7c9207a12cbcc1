package dev.trellis.bench;

import java.io.PrintStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * Counts what a server process asks PostgreSQL, at the JDBC layer (for W9pg's per-run figures; the
 * database's own pg_stat_statements needs a superuser here): round trips (each statement execution,
 * each batch, each commit and rollback), statements by text, rows written or locked ({@code UPDATE},
 * {@code DELETE} counts; rows read {@code FOR UPDATE}/{@code FOR SHARE}) and {@code pg_notify} calls.
 * Wraps the physical connections under the pool, so the pool's statement handling is unchanged.
 */
final class PgCounting {
  private final Map<String, LongAdder> bySql = new ConcurrentHashMap<>();
  private final LongAdder roundTrips = new LongAdder();
  private final LongAdder commits = new LongAdder();
  private final LongAdder rollbacks = new LongAdder();
  private final LongAdder rowsWritten = new LongAdder();
  private final LongAdder rowsLocked = new LongAdder();
  private final LongAdder batchRows = new LongAdder();

  /** {@code raw} with every connection it gives counted. */
  DataSource wrap(DataSource raw) {
    return (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class},
        (p, m, a) -> {
          Object r = call(raw, m, a);
          return r instanceof Connection c ? connection(c) : r;
        });
  }

  private Connection connection(Connection c) {
    return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
        (p, m, a) -> {
          switch (m.getName()) {
            case "commit" -> {
              commits.increment();
              roundTrips.increment();
            }
            case "rollback" -> {
              if (a == null) {
                rollbacks.increment();
                roundTrips.increment();
              }
            }
            case "unwrap" -> {
              return c.unwrap((Class<?>) a[0]);
            }
            case "isWrapperFor" -> {
              return c.isWrapperFor((Class<?>) a[0]);
            }
            default -> { }
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

  private Object statement(Statement st, Class<? extends Statement> type, String preparedSql) {
    InvocationHandler h = new InvocationHandler() {
      int batched;

      @Override
      public Object invoke(Object p, Method m, Object[] a) throws Throwable {
        String name = m.getName();
        if (name.equals("unwrap")) {
          return st.unwrap((Class<?>) a[0]);
        }
        if (name.equals("isWrapperFor")) {
          return st.isWrapperFor((Class<?>) a[0]);
        }
        if (name.equals("addBatch")) {
          batched++;
        }
        if (!name.startsWith("execute")) {
          return call(st, m, a);
        }
        String sql = a != null && a.length > 0 && a[0] instanceof String s ? s : preparedSql;
        String key = key(sql) + (name.equals("executeBatch") ? " [batch]" : "");
        bySql.computeIfAbsent(key, k -> new LongAdder()).increment();
        roundTrips.increment();
        Object r = call(st, m, a);
        String upper = sql == null ? "" : sql.toUpperCase(Locale.ROOT);
        boolean locking = upper.contains("FOR UPDATE") || upper.contains("FOR SHARE");
        if (name.equals("executeBatch")) {
          batchRows.add(batched);
          batched = 0;
          for (int n : (int[]) r) {
            if (n > 0 && (upper.startsWith("UPDATE") || upper.startsWith("DELETE") || upper.startsWith("INSERT"))) {
              rowsWritten.add(n);
            }
          }
        } else if (r instanceof Integer n && n > 0) {
          rowsWritten.add(n);
        } else if (r instanceof ResultSet rs && locking) {
          return countingRows(rs);
        } else if (name.equals("execute") && Boolean.FALSE.equals(r) && st.getUpdateCount() > 0) {
          rowsWritten.add(st.getUpdateCount());
        } else if (name.equals("execute") && Boolean.TRUE.equals(r) && locking) {
          rowsLocked.add(0); // rows read through getResultSet are not counted
        }
        return r;
      }
    };
    return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, h);
  }

  private ResultSet countingRows(ResultSet rs) {
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

  /** A statement's text, its whitespace collapsed, cut at 110 characters. */
  private static String key(String sql) {
    if (sql == null) {
      return "?";
    }
    String s = sql.replaceAll("\\s+", " ").trim();
    return s.length() > 110 ? s.substring(0, 110) : s;
  }

  /** Prints the counts as {@code count NAME VALUE} lines, then one {@code sql COUNT TEXT} line per statement. */
  void print(PrintStream out) {
    out.println("count round_trips " + roundTrips.sum());
    out.println("count statements " + bySql.values().stream().mapToLong(LongAdder::sum).sum());
    out.println("count commits " + commits.sum());
    out.println("count rollbacks " + rollbacks.sum());
    out.println("count batch_rows " + batchRows.sum());
    out.println("count rows_written " + rowsWritten.sum());
    out.println("count rows_locked_read " + rowsLocked.sum());
    out.println("count notifies " + bySql.entrySet().stream().filter(e -> e.getKey().contains("pg_notify"))
        .mapToLong(e -> e.getValue().sum()).sum());
    bySql.entrySet().stream().sorted(Comparator.comparingLong(e -> -e.getValue().sum()))
        .forEach(e -> out.println("sql " + e.getValue().sum() + " " + e.getKey()));
  }
}
