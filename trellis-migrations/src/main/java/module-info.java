/**
 * Versioned schemas for Trellis's JDBC databases: {@link dev.trellis.migrations.Migrations} runs a
 * {@link dev.trellis.checkpoint.jdbc.Schema}'s scripts with Flyway. Used by the SQLite and
 * PostgreSQL modules, so the persistence SPIs ({@code dev.trellis.checkpoint}) stay free of Flyway.
 */
module dev.trellis.migrations {
  requires transitive dev.trellis.checkpoint;
  requires flyway.core;
  requires org.slf4j;

  exports dev.trellis.migrations;
}
