package dev.trellis.apps.rrc;

import dev.trellis.checkpoint.jdbc.Schema;

/**
 * RRC's tables in the server's database (knowledge graph, skills and ledger, approvals), versioned
 * apart from the server's: {@code trellis-schema/rrc/<dialect>/V<n>__*.sql}, history in
 * {@code rrc_schema_history}. A change to them is a new {@code V<n+1>__*.sql} in both dialects' folders.
 */
public final class RrcSchema {
  /** The schema every RRC table belongs to. */
  public static final Schema SCHEMA = Schema.of("rrc", "trellis-schema/rrc", RrcSchema.class);

  private RrcSchema() {}
}
