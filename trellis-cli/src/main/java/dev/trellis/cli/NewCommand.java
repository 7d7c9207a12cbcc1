package dev.trellis.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code trellis new PATH}: a new Maven project (LangGraph's {@code langgraph new}) on the
 * Trellis BOM of this Trellis's version — a graph, its unit test, a {@code trellis.json} that
 * serves it as {@code agent}, a README. When this JVM has a compiler it also compiles the graph
 * into {@code target/classes}, so {@code trellis dev --config PATH/trellis.json} serves it at
 * once, before any Maven build. Refuses a path that exists and is not an empty directory, and
 * writes nothing then.
 */
@Command(name = "new", mixinStandardHelpOptions = true,
    description = "Create a new Maven project with a graph, its test and a trellis.json that 'trellis dev' serves.")
final class NewCommand implements Callable<Integer> {
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");
  private static final Pattern PACKAGE = Pattern.compile("[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)*");
  /** Template resource → path in the project ({@code PKG} is the package's directory). */
  private static final Map<String, String> FILES = files();

  @Parameters(paramLabel = "PATH", description = "the project directory to create; its name is the artifactId "
      + "(lower case, digits and dashes, e.g. my-agent)")
  Path path;

  @Option(names = "--package", description = "the graph's Java package (default: com.example.<name without dashes>)")
  String javaPackage;

  @Option(names = "--group-id", defaultValue = "com.example", description = "the Maven groupId (default: ${DEFAULT-VALUE})")
  String groupId;

  @Override
  public Integer call() {
    try {
      List<String> made = create(path, javaPackage, groupId, TrellisCommand.Version.version());
      Path classes = path.resolve("target/classes");
      String compiled = compile(path, packageOf(path, javaPackage), classes)
          ? "compiled into target/classes" : "no Java compiler in this JVM: run mvn -q package first";
      System.out.println("trellis new: created " + path + " (" + String.join(", ", made) + "); " + compiled);
      System.out.println("  trellis dev --config " + path.resolve("trellis.json") + "   # serves graph \"agent\" on http://127.0.0.1:2024");
      System.out.println("  cd " + path + " && mvn -q package          # builds and runs its test");
      return 0;
    } catch (IllegalArgumentException e) {
      System.err.println("trellis new: " + e.getMessage());
      return 2;
    }
  }

  /** Writes the project into {@code dir}; returns the files written, relative to it. */
  static List<String> create(Path dir, String javaPackage, String groupId, String trellisVersion) {
    String name = nameOf(dir);
    String pkg = packageOf(dir, javaPackage);
    if (!PACKAGE.matcher(pkg).matches()) {
      throw new IllegalArgumentException("--package " + pkg + " is not a Java package name (lower case, e.g. com.acme.agent)");
    }
    if (!PACKAGE.matcher(groupId).matches()) {
      throw new IllegalArgumentException("--group-id " + groupId + " is not a Maven groupId (lower case, e.g. com.acme)");
    }
    try {
      if (Files.exists(dir) && (!Files.isDirectory(dir) || hasEntries(dir))) {
        throw new IllegalArgumentException(dir + " exists and is not an empty directory; choose a new path");
      }
      Map<String, String> vars = Map.of("name", name, "package", pkg, "packagePath", pkg.replace('.', '/'),
          "groupId", groupId, "trellisVersion", trellisVersion, "junitVersion", junitVersion());
      for (Map.Entry<String, String> f : FILES.entrySet()) {
        Path target = dir.resolve(f.getValue().replace("PKG", pkg.replace('.', '/')));
        Files.createDirectories(target.getParent());
        Files.writeString(target, fill(template(f.getKey()), vars));
      }
      return FILES.values().stream().map(p -> p.replace("PKG", pkg.replace('.', '/'))).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("writing " + dir + ": " + e.getMessage(), e);
    }
  }

  /** Compiles the project's main sources into {@code classes} with this JVM's class path; false without a compiler. */
  static boolean compile(Path dir, String pkg, Path classes) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      return false;
    }
    Path source = dir.resolve("src/main/java").resolve(pkg.replace('.', '/')).resolve("AgentGraph.java");
    int rc = javac.run(null, null, null, "--release", "21", "-proc:none", "-d", classes.toString(),
        "-cp", System.getProperty("java.class.path"), source.toString());
    if (rc != 0) {
      throw new IllegalStateException("the new project's graph did not compile (javac exit " + rc + ")");
    }
    return true;
  }

  static String nameOf(Path dir) {
    Path file = dir.toAbsolutePath().normalize().getFileName();
    String name = file == null ? "" : file.toString();
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("\"" + name + "\" cannot name a project: use lower case letters, digits and "
          + "dashes, starting with a letter (e.g. my-agent)");
    }
    return name;
  }

  static String packageOf(Path dir, String javaPackage) {
    return javaPackage != null ? javaPackage : "com.example." + nameOf(dir).replace("-", "").toLowerCase(Locale.ROOT);
  }

  private static boolean hasEntries(Path dir) throws IOException {
    try (var entries = Files.list(dir)) {
      return entries.findAny().isPresent();
    }
  }

  private static String fill(String template, Map<String, String> vars) {
    String out = template;
    for (Map.Entry<String, String> v : vars.entrySet()) {
      out = out.replace("{{" + v.getKey() + "}}", v.getValue());
    }
    return out;
  }

  private static String template(String name) throws IOException {
    try (InputStream in = NewCommand.class.getResourceAsStream("new/" + name)) {
      if (in == null) {
        throw new IllegalStateException("template " + name + " missing from the trellis jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The JUnit version the project's test uses: the one Trellis is tested with (stamped by the build). */
  private static String junitVersion() {
    return TrellisCommand.Version.property("junit.version");
  }

  private static Map<String, String> files() {
    Map<String, String> f = new LinkedHashMap<>();
    f.put("pom.xml.txt", "pom.xml");
    f.put("trellis.json.txt", "trellis.json");
    f.put("README.md.txt", "README.md");
    f.put("gitignore.txt", ".gitignore");
    f.put("AgentGraph.java.txt", "src/main/java/PKG/AgentGraph.java");
    f.put("AgentGraphTest.java.txt", "src/test/java/PKG/AgentGraphTest.java");
    return java.util.Collections.unmodifiableMap(f);
  }
}
