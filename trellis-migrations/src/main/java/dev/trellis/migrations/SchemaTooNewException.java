package dev.trellis.migrations;

/**
 * A database whose history holds a version of a schema newer than this release's scripts: it was
 * written by a newer Trellis, and this one cannot know what those versions changed.
 */
public final class SchemaTooNewException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  /** {@code schema} is at {@code found} in the database; this release knows up to {@code known}. */
  public SchemaTooNewException(String schema, String found, String known) {
    super("the database's " + schema + " schema is at version " + found + ", newer than this release knows (up to "
        + known + "): it was written by a newer Trellis. Start that release (or newer) on it, or restore a copy "
        + "taken before it was upgraded.");
  }
}
