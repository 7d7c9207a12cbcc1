/** SQLite implementations of the checkpoint saver, store and cache (one file, WAL mode). */
module dev.trellis.sqlite {
  requires transitive dev.trellis.checkpoint;
  requires dev.trellis.migrations;
  requires org.xerial.sqlitejdbc;

  exports dev.trellis.sqlite;
}
