package dev.trellis.server;

import dev.trellis.testkit.PgSchema;

/** A fresh schema on the test PostgreSQL (TRELLIS_PG_URL, set by tmvn) so tests never share run queues. */
final class PgTestDb {
  private PgTestDb() {}

  static String freshSchemaUrl() {
    return PgSchema.create("t_").url();
  }

  /** Drops the schema a {@link #freshSchemaUrl} made. */
  static void drop(String schemaUrl) {
    PgSchema.drop(schemaUrl);
  }
}
