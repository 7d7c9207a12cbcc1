package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code trellis --version} prints the version of the build (the root pom's), not a hard-coded one. */
class VersionTest {
  @Test
  void printsTheBuildsVersion() throws IOException {
    String r = System.getProperty("trellis.root");
    Path root = r != null ? Path.of(r) : Path.of("..").toAbsolutePath().normalize();
    Matcher m = Pattern.compile("<artifactId>trellis-parent</artifactId>\\s*<version>([^<]+)</version>")
        .matcher(Files.readString(root.resolve("pom.xml")));
    m.find();
    PrintStream old = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true));
      assertEquals(0, new CommandLine(new TrellisCommand()).execute("--version"));
    } finally {
      System.setOut(old);
    }
    assertEquals("trellis " + m.group(1), out.toString().lines().findFirst().orElseThrow());
  }
}
