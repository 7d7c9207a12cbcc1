package dev.trellis.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/** The Java example in README.md compiles and prints what its comments say, as pasted. */
class ReadmeExampleTest {

  @Test
  void readmeExampleRunsAsPasted() throws Exception {
    String readme = Files.readString(Paths.root().resolve("README.md"));
    int start = readme.indexOf("```java\n") + "```java\n".length();
    String source = readme.substring(start, readme.indexOf("```", start));
    Path dir = Files.createTempDirectory("readme");
    Files.writeString(dir.resolve("Hello.java"), source);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int rc = javac.run(null, null, null, "-d", dir.toString(), "-cp", System.getProperty("java.class.path"),
        dir.resolve("Hello.java").toString());
    assertEquals(0, rc, "README example does not compile");
    PrintStream old = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (URLClassLoader cl = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      System.setOut(new PrintStream(out, true));
      cl.loadClass("Hello").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(old);
    }
    List<String> lines = out.toString().lines().toList();
    assertTrue(lines.get(0).contains("value=ship it?"), lines.get(0));
    assertEquals("[draft: why JVM?] -> yes", lines.get(1));
  }
}
