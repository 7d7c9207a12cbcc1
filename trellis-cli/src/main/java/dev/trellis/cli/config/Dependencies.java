package dev.trellis.cli.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The class path a config's {@code dependencies} add to the server's own, in the order written:
 * <ul>
 *   <li>{@code lib/app.jar} — a jar;</li>
 *   <li>{@code lib/*} — every jar in a directory;</li>
 *   <li>{@code build/classes} — a directory of classes;</li>
 *   <li>{@code .} or any directory holding a {@code pom.xml} — a Maven project: its
 *       {@code target/classes} and every jar in its {@code target/dependency} (what
 *       {@code mvn dependency:copy-dependencies} writes).</li>
 * </ul>
 * Classes are looked up in the server first (parent first), so a project's own copy of Trellis
 * never shadows the server's. {@link #roots} are what {@code trellis dev} watches.
 */
public final class Dependencies {
  private final List<Path> entries;
  private final List<Path> roots;

  private Dependencies(List<Path> entries, List<Path> roots) {
    this.entries = List.copyOf(entries);
    this.roots = List.copyOf(roots);
  }

  /** Resolves the config's dependencies; throws {@link ConfigException} naming each one that is missing. */
  public static Dependencies of(TrellisConfig config, String source) {
    List<Path> entries = new ArrayList<>();
    List<Path> roots = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < config.dependencies().size(); i++) {
      String dep = config.dependencies().get(i);
      String field = "dependencies[" + i + "]";
      if (dep.endsWith("/*")) {
        Path dir = config.resolve(dep.substring(0, dep.length() - 2));
        if (!Files.isDirectory(dir)) {
          problems.add(field + ": no directory " + dir);
          continue;
        }
        roots.add(dir);
        entries.addAll(jars(dir));
        continue;
      }
      Path p = config.resolve(dep);
      if (Files.isRegularFile(p) && p.toString().endsWith(".jar")) {
        entries.add(p);
        roots.add(p);
      } else if (Files.isRegularFile(p.resolve("pom.xml"))) {
        Path classes = p.resolve("target/classes");
        if (!Files.isDirectory(classes)) {
          problems.add(field + ": Maven project " + p + " has no target/classes; build it first (mvn package)");
          continue;
        }
        entries.add(classes);
        roots.add(classes);
        Path libs = p.resolve("target/dependency");
        if (Files.isDirectory(libs)) {
          entries.addAll(jars(libs));
          roots.add(libs);
        }
      } else if (Files.isDirectory(p)) {
        entries.add(p);
        roots.add(p);
      } else {
        problems.add(field + ": no jar, class directory or Maven project at " + p);
      }
    }
    if (!problems.isEmpty()) {
      throw new ConfigException(source, problems);
    }
    return new Dependencies(entries, roots);
  }

  /** The class path entries (jars and class directories), in order. */
  public List<Path> entries() {
    return entries;
  }

  /** The files and directories whose changes mean new classes. */
  public List<Path> roots() {
    return roots;
  }

  /** A class loader over the entries whose parent is {@code parent} (the server's classes win). */
  public ClassLoader loader(ClassLoader parent) {
    if (entries.isEmpty()) {
      return parent;
    }
    URL[] urls = new URL[entries.size()];
    for (int i = 0; i < urls.length; i++) {
      try {
        urls[i] = entries.get(i).toUri().toURL();
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException(e);
      }
    }
    return new URLClassLoader("trellis-dependencies", urls, parent);
  }

  /**
   * A value that changes when any file under the roots is added, removed, resized or touched;
   * {@code trellis dev} restarts the server when it changes.
   */
  public long fingerprint() {
    long h = 17;
    for (Path root : roots) {
      if (!Files.exists(root)) {
        h = h * 31 + root.hashCode();
        continue;
      }
      try (Stream<Path> files = Files.walk(root)) {
        for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
          h = h * 31 + f.hashCode();
          h = h * 31 + Files.getLastModifiedTime(f).toMillis();
          h = h * 31 + Files.size(f);
        }
      } catch (IOException e) {
        h = h * 31 + e.getClass().hashCode(); // a file vanished mid-walk: a change
      } catch (UncheckedIOException e) {
        h = h * 31 + 1;
      }
    }
    return h;
  }

  private static List<Path> jars(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(f -> f.toString().endsWith(".jar")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
