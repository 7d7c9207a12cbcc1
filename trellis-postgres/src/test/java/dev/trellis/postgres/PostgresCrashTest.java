package dev.trellis.postgres;

import dev.trellis.testkit.CrashRecoveryContract;
import java.nio.file.Path;

class PostgresCrashTest extends CrashRecoveryContract {
  @Override
  protected String factoryClass() {
    return PostgresFactory.class.getName();
  }

  @Override
  protected String location(Path dir) {
    return PostgresSaverTest.url();
  }
}
