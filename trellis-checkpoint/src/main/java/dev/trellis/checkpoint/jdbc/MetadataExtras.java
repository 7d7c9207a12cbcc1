package dev.trellis.checkpoint.jdbc;

import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.SaveOp;
import dev.trellis.checkpoint.serde.Serde;
import java.nio.charset.StandardCharsets;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checkpoint metadata encoded for one batch of saves, text for text as {@link JdbcSaver#encodeMetadata} writes it.
 * A run's checkpoints share one {@code extra} map (the run's metadata: its ids, the caller's headers), so when that
 * map holds only short scalars under plain keys, it is serialized once per batch and spliced between each
 * checkpoint's {@code source} and {@code step}; any other metadata is encoded whole. Used by one thread at a time.
 *
 * <p>When enough of a batch's checkpoints on one thread and namespace share a flat {@code extra} that it pays
 * ({@link #pays}), the map is stored once, as a blob of {@code checkpoint_blobs} ({@link SharedValues}), by the first
 * of them, and each writes a reference to it in its place: a run's twelve checkpoints then hold its metadata once,
 * not twelve times. A checkpoint reads its {@code extra} back through the reference, as it reads any blob.
 */
final class MetadataExtras {
  /** Bytes a reference to a blob takes in the metadata text ({@code {"$ref":{"blob":"<64 hex>"}}}). */
  static final int TOKEN_BYTES = 86;
  /** Bytes a blob row costs beyond its value: its key (thread, namespace, id, checkpoint) twice, table and index. */
  static final int BLOB_ROW_BYTES = 256;

  private final Serde serde;
  /** The batch's puts by {@code extra} (identity): how many, and the thread and namespace they share (null: several). */
  private final Map<Map<String, Object>, Sharing> sharing;
  private Map<String, Object> extra;
  /** {@link #extra} as JSON, or null when it is not flat (encoded whole then). */
  private String json;

  /** How a batch's puts share one {@code extra}. */
  private static final class Sharing {
    final String thread;
    int puts;
    boolean oneThread = true;
    /** The blob holding the map once stored by this batch, its first checkpoint, and its reference as JSON. */
    String holder;
    String reference;

    Sharing(String thread) {
      this.thread = thread;
    }
  }

  /** Metadata encoded whole or with the extra spliced in, never stored as a blob. */
  MetadataExtras() {
    this(null, List.of());
  }

  /** Metadata for the saves {@code ops}, whose shared extras are stored once as blobs serialized by {@code serde}. */
  MetadataExtras(Serde serde, List<SaveOp> ops) {
    this.serde = serde;
    Map<Map<String, Object>, Sharing> counts = null;
    if (serde != null) {
      for (SaveOp op : ops) {
        if (op instanceof SaveOp.Put p && !p.metadata().extra().isEmpty()) {
          if (counts == null) {
            counts = new IdentityHashMap<>();
          }
          String thread = p.parent().threadId() + '\u0000' + p.parent().namespace();
          Sharing s = counts.computeIfAbsent(p.metadata().extra(), x -> new Sharing(thread));
          s.puts++;
          s.oneThread &= s.thread.equals(thread);
        }
      }
    }
    this.sharing = counts == null ? Map.of() : counts;
  }

  String encode(CheckpointMetadata md, java.util.function.Function<Object, Object> refs) {
    return encode(md, refs, null, null);
  }

  /**
   * The metadata of checkpoint {@code checkpointId} serialized with {@code enc} (its blobs): the extra a reference
   * to a blob when the batch shares it ({@link #pays}) and the blob's first checkpoint is not later than this one.
   */
  String encode(CheckpointMetadata md, java.util.function.Function<Object, Object> refs,
                SharedValues.Encoding enc, String checkpointId) {
    if (!md.writes().isEmpty() || !plainWord(md.source())) {
      return JdbcSaver.encodeMetadata(md, refs);
    }
    if (md.extra() != extra) {
      extra = md.extra();
      json = flat(extra) ? new String(JdbcSaver.TAGS.dump(extra), StandardCharsets.UTF_8) : null;
    }
    if (json == null) {
      return JdbcSaver.encodeMetadata(md, refs);
    }
    String written = json;
    Sharing s = enc == null ? null : sharing.get(extra);
    if (s != null && s.oneThread && pays(s.puts, json.length())) {
      if (s.holder == null) {
        byte[] bytes = serde.dump(extra);
        String id = enc.blob(bytes, extra);
        s.holder = checkpointId;
        s.reference = new String(JdbcSaver.TAGS.dump(extra, x -> x == extra ? Map.of("blob", id) : null),
            StandardCharsets.UTF_8);
        written = s.reference;
      } else if (checkpointId.compareTo(s.holder) >= 0) {
        written = s.reference; // the blob's row goes in with this transaction, under the earlier checkpoint's id
      }
    }
    return "{\"source\":\"" + md.source() + "\",\"step\":" + md.step() + ",\"extra\":" + written + "}";
  }

  /** Whether {@code puts} references and one blob row take fewer bytes than {@code puts} copies of {@code bytes}. */
  static boolean pays(int puts, int bytes) {
    return puts > 1 && (long) puts * (bytes - TOKEN_BYTES) > bytes + BLOB_ROW_BYTES;
  }

  /** Lower-case letters and underscores only: written as they are inside quotes. */
  private static boolean plainWord(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!(c >= 'a' && c <= 'z') && c != '_') {
        return false;
      }
    }
    return true;
  }

  /**
   * Plain string keys and short string, integer or boolean values: what the serde writes the same with or without the
   * save's references (no value a reference could replace: none reaches {@link SharedValues#BIG}, none is a container).
   */
  private static boolean flat(Map<String, Object> m) {
    for (Map.Entry<String, Object> e : m.entrySet()) {
      String k = e.getKey();
      if (!k.isEmpty() && k.charAt(0) == '$') {
        return false;
      }
      Object v = e.getValue();
      if (!(v instanceof Boolean || v instanceof Integer || (v instanceof String s && s.length() < SharedValues.BIG / 8))) {
        return false;
      }
    }
    return true;
  }
}
