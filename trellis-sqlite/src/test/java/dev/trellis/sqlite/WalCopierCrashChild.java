package dev.trellis.sqlite;

import java.nio.file.Path;

/** Commits rows 0, 1, 2, … and prints each id once its transaction returned, until killed ({@link WalCopierTest}). */
public final class WalCopierCrashChild {
  private WalCopierCrashChild() {}

  public static void main(String[] args) {
    // A short log and a busy copier: the log is copied and started over many times while commits go on.
    SqliteDatabase db = SqliteDatabase.open(Path.of(args[0]), "NORMAL", 50, 1);
    db.transaction(c -> {
      try (var st = c.createStatement()) {
        st.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB NOT NULL)");
      }
      return null;
    });
    for (long i = 0; ; i++) {
      long id = i;
      db.transaction(c -> {
        try (var ps = c.prepareStatement("INSERT INTO t (id, body) VALUES (?, ?)")) {
          ps.setLong(1, id);
          ps.setBytes(2, new byte[1_000 + (int) (id % 5) * 1_500]);
          ps.executeUpdate();
        }
        return null;
      });
      System.out.println(id);
      System.out.flush();
    }
  }
}
