package dev.trellis.cli.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An env file as {@code docker} and {@code langgraph} read it: {@code NAME=value} lines,
 * optional {@code export } prefix, {@code #} comments and blank lines, values optionally in
 * single or double quotes (taken literally; no {@code $} expansion).
 */
final class EnvFile {
  private EnvFile() {}

  static Map<String, String> read(Path file) throws IOException {
    return parse(Files.readAllLines(file));
  }

  /** Throws IllegalArgumentException naming the first line that is not NAME=value. */
  static Map<String, String> parse(List<String> lines) {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("export ")) {
        line = line.substring(7).strip();
      }
      int eq = line.indexOf('=');
      String name = eq < 0 ? line : line.substring(0, eq).strip();
      if (eq < 1 || !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
        throw new IllegalArgumentException("line " + (i + 1) + " is not NAME=value: " + lines.get(i));
      }
      String value = line.substring(eq + 1).strip();
      if (value.length() >= 2 && (value.charAt(0) == '"' || value.charAt(0) == '\'')
          && value.charAt(value.length() - 1) == value.charAt(0)) {
        value = value.substring(1, value.length() - 1);
      }
      out.put(name, value);
    }
    return out;
  }
}
