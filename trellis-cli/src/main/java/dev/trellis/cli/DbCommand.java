package dev.trellis.cli;

import dev.trellis.server.TrellisServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code trellis db vacuum}: compacts a SQLite file while no server uses it, and switches a file
 * made before incremental auto-vacuum to it (the running server then returns free pages itself).
 */
@Command(name = "db", mixinStandardHelpOptions = true, description = "Database maintenance (SQLite).")
final class DbCommand implements Callable<Integer> {
  @Parameters(index = "0", description = "the maintenance task: vacuum")
  String task;

  @Option(names = "--db", description = "SQLite file (default: trellis.db)", defaultValue = "trellis.db")
  Path db;

  @Override
  public Integer call() throws Exception {
    if (!task.equals("vacuum")) {
      System.err.println("unknown task " + task + "; the one task is vacuum");
      return 2;
    }
    if (!Files.isRegularFile(db)) {
      System.err.println("no SQLite file " + db);
      return 2;
    }
    long saved = TrellisServer.vacuumSqlite(db);
    System.out.println("vacuumed " + db + ": " + Math.max(0, saved) + " bytes returned, now " + Files.size(db) + " bytes");
    return 0;
  }
}
