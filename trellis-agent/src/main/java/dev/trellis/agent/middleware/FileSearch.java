package dev.trellis.agent.middleware;

import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;

/**
 * Two read-only search tools over one directory tree (LangChain's
 * {@code FilesystemFileSearchMiddleware}): {@code glob_search} (files matching a glob, most
 * recently modified first) and {@code grep_search} (files whose lines match a regex, as paths,
 * {@code path:line:text} or {@code path:count}). The model sees paths as if the root were
 * {@code /}.
 *
 * <p>Nothing outside the root is ever listed or read: a path holding {@code ..} or {@code ~} is
 * refused, every match is checked by its real path (so a symbolic link leading out of the root is
 * skipped), and walks do not follow links. Files larger than the size limit and files that are
 * not UTF-8 text are skipped. Searches run in-process (LangChain's Python fallback; it prefers
 * {@code rg} when installed). Immutable, thread-safe.
 */
public final class FileSearch implements AgentMiddleware {
  private static final String NO_FILES = "No files found";
  private static final String NO_MATCHES = "No matches found";

  private final Path root;
  private final long maxFileBytes;
  private final List<Tool> tools;

  /** Searches under {@code root} (which must be a directory), skipping files over 10 MB. */
  public FileSearch(Path root) {
    this(root, 10);
  }

  public FileSearch(Path root, int maxFileSizeMb) {
    try {
      this.root = root.toRealPath();
    } catch (IOException e) {
      throw new IllegalArgumentException("file search root " + root + " does not exist", e);
    }
    if (!Files.isDirectory(this.root)) {
      throw new IllegalArgumentException("file search root " + root + " is not a directory");
    }
    this.maxFileBytes = maxFileSizeMb * 1024L * 1024L;
    Map<String, Object> path = Map.of("type", "string", "default", "/");
    this.tools = List.of(
        Tool.of(new ToolSpec("glob_search", "Finds files by glob pattern (e.g. `**/*.java`, `src/*.md`) under a "
            + "directory (default `/`, the root). Returns matching paths, newest first, one per line, or "
            + "'No files found'.", Map.of("type", "object", "properties", Map.of("pattern", Map.of("type", "string"),
                "path", path), "required", List.of("pattern"))),
            (a, c) -> glob(String.valueOf(a.get("pattern")), str(a.get("path"), "/"))),
        Tool.of(new ToolSpec("grep_search", "Searches file contents with a regular expression under a directory "
            + "(default `/`). `include` filters file names (e.g. `*.java`, `*.{ts,tsx}`); `output_mode` is "
            + "`files_with_matches` (paths), `content` (`path:line:text`) or `count` (`path:count`). Returns "
            + "'No matches found' when nothing matches.", Map.of("type", "object", "properties", Map.of(
                "pattern", Map.of("type", "string"), "path", path,
                "include", Map.of("anyOf", List.of(Map.of("type", "string"), Map.of("type", "null"))),
                "output_mode", Map.of("type", "string", "default", "files_with_matches",
                    "enum", List.of("files_with_matches", "content", "count"))), "required", List.of("pattern"))),
            (a, c) -> grep(String.valueOf(a.get("pattern")), str(a.get("path"), "/"), str(a.get("include"), null),
                str(a.get("output_mode"), "files_with_matches"))));
  }

  private static String str(Object v, String otherwise) {
    return v == null ? otherwise : String.valueOf(v);
  }

  @Override
  public String name() {
    return "FilesystemFileSearchMiddleware";
  }

  @Override
  public List<Tool> tools() {
    return tools;
  }

  /** The files under {@code path} matching {@code pattern}, newest first. */
  public String glob(String pattern, String path) throws IOException {
    Path base = resolve(path);
    List<String> segments = List.of(pattern.split("/"));
    if (base == null || !Files.isDirectory(base) || pattern.startsWith("/") || segments.contains("..")
        || segments.getLast().equals("**")) { // a trailing ** names directories only, never files (pathlib)
      return NO_FILES;
    }
    Pattern glob = Globs.path(pattern);
    record Found(String path, long modified) {}
    List<Found> found = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(base)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        if (p.equals(base) || !glob.matcher(slashed(base.relativize(p))).matches() || !Files.isRegularFile(p)) {
          continue;
        }
        Path real = realInside(p);
        if (real != null) {
          found.add(new Found(virtual(p), Files.getLastModifiedTime(real).toMillis()));
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    if (found.isEmpty()) {
      return NO_FILES;
    }
    found.sort(Comparator.comparingLong(Found::modified).reversed().thenComparing(Found::path));
    return String.join("\n", found.stream().map(Found::path).toList());
  }

  /** The lines under {@code path} matching {@code regex}, in files whose name matches {@code include} (null: all). */
  public String grep(String regex, String path, String include, String outputMode) throws IOException {
    Pattern p;
    try {
      p = Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      return "Invalid regex pattern: " + e.getDescription();
    }
    List<Pattern> names = null;
    if (include != null) {
      List<String> expanded = include.isEmpty() || include.matches("(?s).*[\\x00\\n\\r].*") ? null : Globs.expand(include);
      if (expanded == null) {
        return "Invalid include pattern";
      }
      names = expanded.stream().map(Globs::name).toList();
    }
    Path base = resolve(path);
    if (base == null || !Files.exists(base)) {
      return NO_MATCHES;
    }
    Map<String, List<String>> results = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(base)) {
      for (Path file : (Iterable<Path>) walk::iterator) {
        if (!Files.isRegularFile(file) || realInside(file) == null) {
          continue;
        }
        String fileName = file.getFileName().toString();
        if (names != null && names.stream().noneMatch(n -> n.matcher(fileName).matches())) {
          continue;
        }
        String text = readText(file);
        if (text == null) {
          continue;
        }
        int lineNo = 0;
        for (String line : lines(text)) {
          lineNo++;
          if (p.matcher(line).find()) {
            results.computeIfAbsent(virtual(file), k -> new ArrayList<>()).add(lineNo + ":" + line);
          }
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    if (results.isEmpty()) {
      return NO_MATCHES;
    }
    List<String> out = new ArrayList<>();
    results.forEach((file, lines) -> {
      switch (outputMode) {
        case "content" -> lines.forEach(l -> out.add(file + ":" + l));
        case "count" -> out.add(file + ":" + lines.size());
        default -> out.add(file);
      }
    });
    return String.join("\n", out);
  }

  /** The real directory for a virtual path, or null when it is refused or lies outside the root. */
  private Path resolve(String path) throws IOException {
    String p = path.startsWith("/") ? path : "/" + path;
    if (p.contains("..") || p.contains("~")) {
      return null;
    }
    Path full = root.resolve(p.replaceFirst("^/+", "")).normalize();
    if (Files.exists(full)) {
      full = full.toRealPath();
    }
    return full.startsWith(root) ? full : null;
  }

  /** The real path of {@code p} when it lies inside the root (links resolved), else null. */
  private Path realInside(Path p) {
    try {
      Path real = p.toRealPath();
      return real.startsWith(root) ? real : null;
    } catch (IOException e) {
      return null;
    }
  }

  private String virtual(Path p) {
    return "/" + slashed(root.relativize(p));
  }

  private static String slashed(Path relative) {
    return relative.toString().replace(relative.getFileSystem().getSeparator(), "/");
  }

  /** The lines of {@code text} as Python's {@code splitlines} gives them (no empty line after a final break). */
  private static List<String> lines(String text) {
    List<String> lines = new ArrayList<>(List.of(text.split("\r\n|\n|\r", -1)));
    if (lines.getLast().isEmpty()) {
      lines.removeLast();
    }
    return lines;
  }

  /** The file as UTF-8 text; null when it is too large or not text. */
  private String readText(Path file) throws IOException {
    BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
    if (attrs.size() > maxFileBytes) {
      return null;
    }
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file))).toString();
    } catch (CharacterCodingException | java.nio.file.AccessDeniedException e) {
      return null;
    }
  }
}
