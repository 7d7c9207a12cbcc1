package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code trellis serve} listens on loopback only unless {@code --host} says otherwise, like {@code langgraph dev}. */
class ServeHostTest {
  @Test
  void bindsLoopbackByDefault() {
    ServeCommand serve = new ServeCommand();
    new CommandLine(serve).parseArgs();
    assertEquals("127.0.0.1", serve.options.host);
  }

  @Test
  void hostOptionExposesTheServer() {
    ServeCommand serve = new ServeCommand();
    new CommandLine(serve).parseArgs("--host", "0.0.0.0");
    assertEquals("0.0.0.0", serve.options.host);
  }
}
