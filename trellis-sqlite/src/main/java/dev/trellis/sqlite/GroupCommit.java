package dev.trellis.sqlite;

import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.diagnostics.Waits;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The writer connection's transactions, committed in groups. Each transaction runs on its
 * caller's thread under the writer lock, as before; but when other threads already wait for
 * the lock, its holder leaves the commit to them: the next holder's work joins the same SQLite
 * transaction (inside a savepoint, so a failing work rolls back alone) and the last of the
 * group commits for all. Every caller still returns only after the commit that holds its
 * writes (durability is unchanged); the group shares one commit's page writes instead of one
 * per transaction. A group commits at once when no thread waits, at {@link #MAX_WORKS} works,
 * or {@link #MAX_AGE_NANOS} after its first work, so waiting for a commit is bounded.
 *
 * <p>A transaction begun inside another on the same thread runs inside it, in a savepoint. A group's transaction
 * holds the file's write lock from its start ({@link #beginImmediate}), so what its works read stays true until it
 * commits, whatever other processes sharing the file do.
 */
final class GroupCommit {
  /** Works one commit may carry at most. */
  static final int MAX_WORKS = 64;
  /** How long a group may stay open (from its first work) before its next holder commits it. */
  static final long MAX_AGE_NANOS = 4_000_000;

  /** A statement on the writer connection (from the database's statement cache). */
  @FunctionalInterface
  interface Statements {
    PreparedStatement prepare(Connection c, String sql) throws SQLException;

    /** Gives back a statement whose use failed: one the driver finalized leaves the cache. */
    default void release(PreparedStatement ps) {}
  }

  /** An uncommitted group: settled once, by the thread that commits or abandons it. */
  private static final class Group {
    final long started = System.nanoTime();
    final List<Thread> waiting = new ArrayList<>();
    int works;
    volatile boolean settled;
    /** Why the commit failed (null: committed); written before {@link #settled}. */
    Throwable failure;

    void settle(Throwable failure) {
      this.failure = failure;
      settled = true;
      for (Thread t : waiting) {
        LockSupport.unpark(t);
      }
    }

    /** Waits (uninterruptibly, as the writer lock does) until the group is settled. */
    void await() {
      boolean interrupted = false;
      while (!settled) {
        LockSupport.park(this);
        interrupted |= Thread.interrupted();
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private final Connection connection;
  private final Statements statements;
  private final ReentrantLock lock = new ReentrantLock();
  /** The group whose works are written but not committed; guarded by {@link #lock}. */
  private Group open;
  /** How many times the open transaction was rolled back whole under a running work; guarded by {@link #lock}. */
  private long abandoned;
  /** Commits made (written under {@link #lock}, read by anyone). */
  private volatile long commits;

  /** Work on a connection of its own that must run while no transaction of this writer is open. */
  @FunctionalInterface
  interface Step {
    void run() throws SQLException;
  }

  GroupCommit(Connection connection, Statements statements) {
    this.connection = connection;
    this.statements = statements;
  }

  /** Runs {@code work} in a transaction; returns once it is committed (throws if it or its commit failed). */
  <T> T run(JdbcDatabase.Work<T> work) {
    if (lock.isHeldByCurrentThread()) {
      return nested(work);
    }
    Group mine;
    T result;
    long t0 = Waits.now();
    lock.lock();
    long t1 = Waits.now();
    boolean joined = false;
    boolean kept = false;
    try {
      Group group = open;
      if (group == null) {
        long before = abandoned;
        try {
          beginImmediate();
          result = work.run(connection);
          if (abandoned != before) {
            throw new SQLException("the transaction was rolled back under this work (a nested transaction broke it)");
          }
        } catch (SQLException | RuntimeException | Error e) {
          rollback(e);
          throw failed(e);
        }
        group = open = new Group();
      } else {
        joined = true;
        try {
          result = inSavepoint(work);
        } catch (SQLException | RuntimeException | Error e) {
          settle();
          throw failed(e);
        }
      }
      group.works++;
      mine = group;
      if (Waits.ON) {
        Waits.add("gc." + Waits.label() + ".1-lock", t1 - t0);
        Waits.add("gc." + Waits.label() + (joined ? ".2-work-joined" : ".2-work-began"), Waits.now() - t1);
      }
      if (settle()) {
        kept = true;
        mine.waiting.add(Thread.currentThread());
      }
    } finally {
      lock.unlock();
    }
    long t2 = Waits.now();
    mine.await();
    if (Waits.ON) {
      Waits.add("gc." + Waits.label() + (kept ? ".3-await-kept" : ".3-committed-self"), Waits.now() - t2);
    }
    if (mine.failure != null) {
      throw new IllegalStateException("SQLite commit failed: " + mine.failure.getMessage(), mine.failure);
    }
    return result;
  }

  /**
   * Commits the open group unless another thread waits for the lock and the group is young and
   * small (that thread then joins it); true when the group stays open. Called holding the lock.
   */
  private boolean settle() {
    Group group = open;
    if (group == null) {
      return false;
    }
    if (lock.hasQueuedThreads() && group.works < MAX_WORKS && System.nanoTime() - group.started < MAX_AGE_NANOS) {
      return true;
    }
    commit();
    return false;
  }

  private void commit() {
    Group group = open;
    open = null;
    try {
      long t = Waits.now();
      connection.commit();
      commits++;
      if (Waits.ON) {
        long d = Waits.now() - t;
        Waits.add("gc.commit", d);
        Waits.add(d > 1_000_000 ? "gc.commit>1ms" : "gc.commit<=1ms", d);
        Waits.add("gc.commit.works(count)", group.works);
        Waits.add("gc.commit.age", System.nanoTime() - group.started);
      }
      group.settle(null);
    } catch (SQLException | RuntimeException | Error e) {
      rollback(e);
      group.settle(e);
      if (e instanceof Error err) {
        throw err;
      }
    }
  }

  /** Runs {@code work} inside a savepoint of the open transaction; a failure rolls back its writes alone. */
  private <T> T inSavepoint(JdbcDatabase.Work<T> work) throws SQLException {
    exec("SAVEPOINT trellis_work");
    long before = abandoned;
    T result;
    try {
      result = work.run(connection);
      if (abandoned != before) {
        throw new SQLException("the transaction was rolled back under this work (a nested transaction broke it)");
      }
    } catch (SQLException | RuntimeException | Error e) {
      try {
        exec("ROLLBACK TO trellis_work");
        exec("RELEASE trellis_work");
      } catch (SQLException | RuntimeException broken) {
        // The transaction is gone (SQLite rolled it back on a serious error): the whole group fails.
        e.addSuppressed(broken);
        abandon(e);
      }
      throw e;
    }
    exec("RELEASE trellis_work");
    return result;
  }

  private <T> T nested(JdbcDatabase.Work<T> work) {
    try {
      return inSavepoint(work);
    } catch (SQLException | RuntimeException | Error e) {
      throw failed(e);
    }
  }

  /** Rolls the open transaction back and fails every work of the open group. */
  private void abandon(Throwable why) {
    Group group = open;
    open = null;
    abandoned++;
    rollback(why);
    if (group != null) {
      group.settle(why);
    }
  }

  private void rollback(Throwable why) {
    try {
      connection.rollback();
    } catch (SQLException suppressed) {
      why.addSuppressed(suppressed);
    }
  }

  /**
   * Makes the transaction a group begins take the file's write lock before its first statement. The driver keeps a
   * deferred transaction open between commits, which reads under a snapshot and takes the lock only at its first
   * write: when another process's writer commits in between, that write fails (SQLITE_BUSY_SNAPSHOT) instead of
   * waiting. Ending the empty deferred transaction and beginning an immediate one waits instead (busy timeout), so
   * processes sharing the file take turns. In one process there is one writer: the lock is free. After a failure
   * SQLite rolled back itself (a full disk), there is no deferred transaction to end, and none is needed.
   */
  private void beginImmediate() throws SQLException {
    SQLException noTransaction = null;
    try {
      exec("COMMIT");
    } catch (SQLException e) {
      noTransaction = e;
    }
    try {
      exec("BEGIN IMMEDIATE");
    } catch (SQLException e) {
      if (noTransaction != null) {
        e.addSuppressed(noTransaction);
      }
      throw e;
    }
  }

  private void exec(String sql) throws SQLException {
    PreparedStatement ps = statements.prepare(connection, sql);
    try {
      ps.execute();
    } catch (SQLException e) {
      statements.release(ps);
      PreparedStatement again = statements.prepare(connection, sql);
      if (again == ps) {
        throw e;
      }
      again.execute(); // the driver had finalized it (a full disk's failed step): prepared again
    }
  }

  /** How many groups this writer committed so far. */
  long commits() {
    return commits;
  }

  /**
   * Runs {@code step} holding the writer lock with no transaction open: the open group, if any, is committed first (as
   * its last holder would have, had nobody waited). Works that arrive meanwhile wait for the lock as for any holder.
   */
  void betweenGroups(Step step) throws SQLException {
    lock.lock();
    try {
      if (open != null) {
        commit();
      }
      step.run();
    } finally {
      lock.unlock();
    }
  }

  /** Commits what is open (closing the database). */
  void close() {
    lock.lock();
    try {
      if (open != null) {
        commit();
      }
    } finally {
      lock.unlock();
    }
  }

  /** The lock guarding the writer connection (closing takes it too). */
  ReentrantLock lock() {
    return lock;
  }

  private static RuntimeException failed(Throwable e) {
    if (e instanceof RuntimeException re) {
      return re;
    }
    if (e instanceof Error err) {
      throw err;
    }
    return new IllegalStateException("SQLite operation failed: " + e.getMessage(), e);
  }
}
