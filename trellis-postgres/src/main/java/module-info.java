/** PostgreSQL implementations of the checkpoint saver, store and cache, pooled with HikariCP. */
module dev.trellis.postgres {
  requires transitive dev.trellis.checkpoint;
  requires dev.trellis.migrations;
  requires com.zaxxer.hikari;

  exports dev.trellis.postgres;
}
