/**
 * Persistence SPIs of Trellis: checkpoint savers, the long-term store, the node cache and
 * serializers, each with an in-memory implementation, and the JDBC bases that the SQLite and
 * PostgreSQL modules extend. Everything here is API: the packages are exported whole.
 *
 * <p>{@link dev.trellis.checkpoint.serde.JacksonSerde} reads and writes application records
 * reflectively; on the module path, open the packages of the types you keep in state to
 * {@code dev.trellis.checkpoint}.
 */
module dev.trellis.checkpoint {
  requires transitive java.sql;
  requires transitive com.fasterxml.jackson.databind;
  requires com.fasterxml.jackson.datatype.jsr310;

  exports dev.trellis.checkpoint;
  exports dev.trellis.checkpoint.cache;
  exports dev.trellis.checkpoint.jdbc;
  exports dev.trellis.checkpoint.memory;
  exports dev.trellis.checkpoint.serde;
  exports dev.trellis.checkpoint.store;
  // Benchmark probes (where a run waits), off unless -Dtrellis.waits=true: here, the lowest module, so the engine,
  // the SQLite module and the server can all record into them.
  exports dev.trellis.diagnostics;

  // JacksonSerde registers the Jackson modules it finds (java.time, and any the application adds).
  uses com.fasterxml.jackson.databind.Module;
}
