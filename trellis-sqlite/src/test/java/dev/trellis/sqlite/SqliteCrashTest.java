package dev.trellis.sqlite;

import dev.trellis.testkit.CrashRecoveryContract;
import java.nio.file.Path;

class SqliteCrashTest extends CrashRecoveryContract {
  @Override
  protected String factoryClass() {
    return SqliteFactory.class.getName();
  }

  @Override
  protected String location(Path dir) {
    return dir.resolve("crash.db").toString();
  }
}
