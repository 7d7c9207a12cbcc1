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
      refuseNewer(schema, flyway.info());
      MigrateResult result = flyway.migrate();
      if (result.migrationsExecuted > 0) {
        LOG.info("schema {} ({}): {} → {} ({} script(s){})", schema.name(), dialect,
            result.initialSchemaVersion == null ? "empty" : result.initialSchemaVersion, result.targetSchemaVersion,
            result.migrationsExecuted, BASELINE.equals(result.initialSchemaVersion) ? "; baselined at 0 first: the database already held tables (other schemas', or this one's from before versioned schemas)" : "");
      }
    } catch (FlywayException e) {
      throw new IllegalStateException("migrating the " + schema.name() + " schema (" + dialect + ") failed: "
          + e.getMessage(), e);
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
