package dev.trellis.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/** The agent example in README.md compiles and prints what its comment says, as pasted. */
class ReadmeAgentExampleTest {
  @Test
  void readmeAgentExampleRunsAsPasted() throws Exception {
    String r = System.getProperty("trellis.root");
    Path root = r != null ? Path.of(r) : Path.of("..").toAbsolutePath().normalize();
    String readme = Files.readString(root.resolve("README.md"));
    int cls = readme.indexOf("public class WeatherAgent");
    int start = readme.lastIndexOf("```java\n", cls) + "```java\n".length();
    String source = readme.substring(start, readme.indexOf("```", cls));
    Path dir = Files.createTempDirectory("readme-agent");
    Files.writeString(dir.resolve("WeatherAgent.java"), source);
    int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.toString(), "-cp",
        System.getProperty("java.class.path"), dir.resolve("WeatherAgent.java").toString());
    assertEquals(0, rc, "README agent example does not compile");
    PrintStream old = System.out;
    ClassLoader oldLoader = Thread.currentThread().getContextClassLoader();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (URLClassLoader cl = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      System.setOut(new PrintStream(out, true));
      Thread.currentThread().setContextClassLoader(cl); // as when the example runs on its own classpath
      cl.loadClass("WeatherAgent").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(old);
      Thread.currentThread().setContextClassLoader(oldLoader);
    }
    assertEquals("Answer[city=Oslo, sunny=true]", out.toString().strip());
  }
}
