package dev.trellis.migrations;

import dev.trellis.checkpoint.jdbc.Schema;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationInfoService;
import org.flywaydb.core.api.MigrationState;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.output.MigrateResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings one {@link Schema} of one database to its newest version with Flyway: the scripts under
 * {@code <location>/<dialect>/}, the history in {@link Schema#historyTable()} (one per component, so
 * a saver used alone migrates alone). The caller holds the database's migration lock.
 *
 * <p>Baseline: a database holding tables but no history of this schema (written before schemas
 * were versioned, or whose other components came first) is baselined at version 0 and brought up
 * from there; every schema's version 1 creates only what is missing ({@code IF NOT EXISTS}), so
 * rows already there are kept. A history holding a version newer than the scripts is refused.
 */
public final class Migrations {
  /** The version an unversioned database is baselined at: what the release before versioned schemas left. */
  public static final String BASELINE = "0";
  private static final Logger LOG = LoggerFactory.getLogger(Migrations.class);

  private Migrations() {}

  /**
   * Migrates {@code schema} on {@code dataSource}, whose {@code dialect} names the scripts' folder
   * ({@code sqlite}, {@code postgresql}). Throws {@link SchemaTooNewException} when the database was
   * written by a newer release, {@link IllegalStateException} when a script fails.
   */
  public static void migrate(DataSource dataSource, String dialect, Schema schema) {
    Flyway flyway = Flyway.configure(schema.loader())
        .dataSource(dataSource)
        .locations("classpath:" + schema.location() + "/" + dialect)
        .failOnMissingLocations(true)
        .table(schema.historyTable())
        .baselineOnMigrate(true)
        .baselineVersion(BASELINE)
        .baselineDescription("before versioned schemas")
        .placeholderReplacement(false)
        .load();
    try {
      MigrationInfoService info = flyway.info();
      refuseNewer(schema, info);
      boolean unversioned = info.applied().length == 0 && holdsTablesOf(dataSource, dialect, schema, info);
      MigrateResult result = flyway.migrate();
      if (result.migrationsExecuted > 0) {
        boolean baselined = BASELINE.equals(result.initialSchemaVersion);
        LOG.info("schema {} ({}): {} → {} ({} script(s){})", schema.name(), dialect,
            result.initialSchemaVersion == null || (baselined && !unversioned) ? "empty" : result.initialSchemaVersion,
            result.targetSchemaVersion, result.migrationsExecuted,
            unversioned ? "; its tables were there from before versioned schemas and keep their rows" : "");
      }
    } catch (FlywayException e) {
      throw new IllegalStateException("migrating the " + schema.name() + " schema (" + dialect + ") failed: "
          + e.getMessage(), e);
    }
  }

  private static final java.util.regex.Pattern CREATE_TABLE = java.util.regex.Pattern.compile(
      "(?i)CREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?\"?([A-Za-z_][A-Za-z0-9_]*)\"?");

  /**
   * Whether the database holds tables of {@code schema} that no history records (written before
   * schemas were versioned), as opposed to only other schemas' tables (which also make Flyway baseline).
   */
  static boolean holdsTablesOf(DataSource dataSource, String dialect, Schema schema, MigrationInfoService info) {
    return anyExists(dataSource, createdTables(schema, dialect, info));
  }

  /** The tables the schema's pending scripts create: its own tables, to tell its old data from other schemas'. */
  private static java.util.Set<String> createdTables(Schema schema, String dialect, MigrationInfoService info) {
    java.util.Set<String> tables = new java.util.LinkedHashSet<>();
    for (MigrationInfo m : info.pending()) {
      String path = schema.location() + "/" + dialect + "/" + m.getScript();
      try (java.io.InputStream in = schema.loader().getResourceAsStream(path)) {
        if (in == null) {
          continue;
        }
        java.util.regex.Matcher t = CREATE_TABLE.matcher(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        while (t.find()) {
          tables.add(t.group(1));
        }
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException("reading " + path, e);
      }
    }
    return tables;
  }

  /** Whether any of {@code tables} exists (in any case: PostgreSQL folds unquoted names to lower case). */
  private static boolean anyExists(DataSource dataSource, java.util.Set<String> tables) {
    if (tables.isEmpty()) {
      return false;
    }
    try (java.sql.Connection c = dataSource.getConnection();
         java.sql.ResultSet rs = c.getMetaData().getTables(null, c.getSchema(), "%", new String[] {"TABLE"})) {
      while (rs.next()) {
        String name = rs.getString("TABLE_NAME");
        if (tables.stream().anyMatch(name::equalsIgnoreCase)) {
          return true;
        }
      }
      return false;
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException("listing the database's tables failed: " + e.getMessage(), e);
    }
  }

  private static void refuseNewer(Schema schema, MigrationInfoService info) {
    MigrationVersion known = MigrationVersion.EMPTY;
    MigrationVersion applied = MigrationVersion.EMPTY;
    for (MigrationInfo m : info.all()) {
      if (m.getVersion() == null) {
        continue;
      }
      boolean future = m.getState() == MigrationState.FUTURE_SUCCESS || m.getState() == MigrationState.FUTURE_FAILED;
      if (!future && m.getType() != null && !m.getType().isBaseline() && m.getVersion().isNewerThan(known.getVersion())) {
        known = m.getVersion();
      }
      if (future && m.getVersion().isNewerThan(applied.getVersion())) {
        applied = m.getVersion();
      }
    }
    if (applied != MigrationVersion.EMPTY) {
      throw new SchemaTooNewException(schema.name(), applied.getVersion(), known == MigrationVersion.EMPTY ? BASELINE
          : known.getVersion());
    }
  }
}
