package dev.trellis.checkpoint.jdbc;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One component's versioned tables (the saver's, the store's, the server's, an application's): its
 * {@code name}, which names its own history table {@code <name>_schema_history}, and the class-path
 * folder {@code location} holding one sub-folder per dialect ({@code sqlite/}, {@code postgresql/})
 * of scripts named {@code V<n>__<what>.sql}, read through {@code loader}. A {@link JdbcDatabase}
 * brings a schema to its newest version when asked ({@link JdbcDatabase#migrate}).
 *
 * <p>A schema change is a new {@code V<n+1>__<what>.sql} in each dialect's folder; an applied script is
 * never edited (its checksum is recorded). Keep {@code location} outside Java package names (e.g.
 * {@code trellis-schema/saver}: the hyphen), so the scripts stay readable when the jar is a named module.
 */
public record Schema(String name, String location, ClassLoader loader) {
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

  public Schema {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("a schema name is lower-case letters, digits and _, got " + name);
    }
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(loader, "loader");
  }

  /** The schema {@code name} whose scripts are under {@code location} on {@code owner}'s class loader. */
  public static Schema of(String name, String location, Class<?> owner) {
    return new Schema(name, location, owner.getClassLoader());
  }

  /** The table recording which versions of this schema the database holds. */
  public String historyTable() {
    return name + "_schema_history";
  }
}
