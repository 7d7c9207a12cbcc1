package dev.trellis.migrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.jdbc.Schema;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteDataSource;

class MigrationsTest {
  private static final Schema NOTES_V1 = Schema.of("notes", "test-schema/notes-v1", MigrationsTest.class);
  private static final Schema NOTES_V2 = Schema.of("notes", "test-schema/notes-v2", MigrationsTest.class);
  private static final Schema TAGS = Schema.of("tags", "test-schema/tags", MigrationsTest.class);

  @TempDir
  Path dir;

  private SQLiteDataSource source() {
    SQLiteDataSource s = new SQLiteDataSource();
    s.setUrl("jdbc:sqlite:" + dir.resolve("db.sqlite"));
    return s;
  }

  private List<String> rows(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = source().getConnection(); var st = c.createStatement(); var rs = st.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  private void execute(String... sql) throws SQLException {
    try (Connection c = source().getConnection(); var st = c.createStatement()) {
      for (String s : sql) {
        st.execute(s);
      }
    }
  }

  @Test
  void anEmptyDatabaseGetsVersionOneWithNoBaseline() throws SQLException {
    Migrations.migrate(source(), "sqlite", NOTES_V1);

    assertEquals(List.of("1:SQL:1"), rows("SELECT version || ':' || type || ':' || success FROM notes_schema_history "
        + "ORDER BY installed_rank"));
    assertEquals(List.of("note_links", "notes"), rows("SELECT name FROM sqlite_master WHERE type = 'table' "
        + "AND name LIKE 'note%' AND name NOT LIKE '%history' ORDER BY name"));
  }

  @Test
  void anUnversionedDatabaseIsBaselinedAtZeroKeepsItsRowsAndGainsWhatItLacks() throws SQLException {
    execute("CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT NOT NULL)", "INSERT INTO notes VALUES ('a', 'kept')");

    Migrations.migrate(source(), "sqlite", NOTES_V1);

    assertEquals(List.of("0:BASELINE", "1:SQL"), rows("SELECT version || ':' || type FROM notes_schema_history "
        + "ORDER BY installed_rank"));
    assertEquals(List.of("kept"), rows("SELECT body FROM notes"));
    assertEquals(List.of("0"), rows("SELECT count(*) FROM note_links"));
  }

  @Test
  void aSchemaTellsItsOwnOldTablesFromAnotherSchemasTables() throws SQLException {
    Migrations.migrate(source(), "sqlite", TAGS); // another component first: the database is no longer empty

    assertEquals(false, Migrations.holdsTablesOf(source(), "sqlite", NOTES_V1, info(NOTES_V1)),
        "only another schema's tables: a fresh start for notes, not an old database");
    execute("CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT NOT NULL)");
    assertEquals(true, Migrations.holdsTablesOf(source(), "sqlite", NOTES_V1, info(NOTES_V1)),
        "notes' own table without history: written before versioned schemas");
  }

  private org.flywaydb.core.api.MigrationInfoService info(Schema schema) {
    return org.flywaydb.core.Flyway.configure(schema.loader()).dataSource(source())
        .locations("classpath:" + schema.location() + "/sqlite").table(schema.historyTable()).load().info();
  }

  @Test
  void aNewerScriptIsAppliedOnTheNextStart() throws SQLException {
    Migrations.migrate(source(), "sqlite", NOTES_V1);
    execute("INSERT INTO notes (id, body) VALUES ('a', 'before v2')");

    Migrations.migrate(source(), "sqlite", NOTES_V2);

    assertEquals(List.of("before v2|unknown"), rows("SELECT body || '|' || author FROM notes"));
    assertEquals(List.of("1", "2"), rows("SELECT version FROM notes_schema_history ORDER BY installed_rank"));
  }

  @Test
  void aDatabaseFromANewerReleaseIsRefusedNamingBothVersions() throws SQLException {
    Migrations.migrate(source(), "sqlite", NOTES_V2);

    SchemaTooNewException e = assertThrows(SchemaTooNewException.class,
        () -> Migrations.migrate(source(), "sqlite", NOTES_V1));

    assertTrue(e.getMessage().contains("notes schema is at version 2, newer than this release knows (up to 1)"),
        e.getMessage());
    assertEquals(List.of("1", "2"), rows("SELECT version FROM notes_schema_history ORDER BY installed_rank"));
  }

  @Test
  void eachSchemaKeepsItsOwnHistory() throws SQLException {
    Migrations.migrate(source(), "sqlite", NOTES_V2);
    Migrations.migrate(source(), "sqlite", TAGS);

    assertEquals(List.of("1", "2"), rows("SELECT version FROM notes_schema_history ORDER BY installed_rank"));
    assertEquals(List.of("0", "1"), rows("SELECT version FROM tags_schema_history ORDER BY installed_rank"));
  }

  @Test
  void aMissingScriptFolderIsAnError() {
    Schema typo = Schema.of("typo", "test-schema/no-such-folder", MigrationsTest.class);

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Migrations.migrate(source(), "sqlite", typo));

    assertTrue(e.getMessage().contains("typo schema"), e.getMessage());
  }
}
