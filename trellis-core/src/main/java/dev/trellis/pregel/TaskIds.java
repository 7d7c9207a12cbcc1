package dev.trellis.pregel;

/**
 * Deterministic task ids: the same checkpoint, namespace, step and path always give the
 * same id, which is how a resumed run finds the writes and resume values a task saved.
 */
final class TaskIds {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private TaskIds() {}

  static String of(String checkpointId, String namespace, int step, String nodeName, String kind, int index) {
    long h1 = 0xcbf29ce484222325L;
    long h2 = 0x84222325cbf29ce4L;
    h1 = mix(h1, checkpointId);
    h1 = mix(h1, namespace);
    h1 = mix(h1, nodeName);
    h1 = mix(h1, kind);
    h1 = (h1 ^ step) * 0x100000001b3L;
    h1 = (h1 ^ index) * 0x100000001b3L;
    h2 = mix(h2, nodeName);
    h2 = mix(h2, checkpointId);
    h2 = (h2 ^ (step * 31L + index)) * 0x9E3779B97F4A7C15L;
    h2 = mix(h2, namespace);
    h2 = mix(h2, kind);
    return hex(fmix(h1), fmix(h2));
  }

  /** A stable id for an arbitrary string (interrupt ids from task namespaces). */
  static String ofString(String s) {
    return hex(fmix(mix(0xcbf29ce484222325L, s)), fmix(mix(0x84222325cbf29ce4L, s) * 31));
  }

  private static long mix(long h, String s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      h = (h ^ s.charAt(i)) * 0x100000001b3L;
    }
    return (h ^ 0xff) * 0x100000001b3L;
  }

  private static long fmix(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }

  private static String hex(long a, long b) {
    char[] out = new char[32];
    for (int i = 15; i >= 0; i--) {
      out[i] = HEX[(int) (a & 0xf)];
      a >>>= 4;
      out[16 + i] = HEX[(int) (b & 0xf)];
      b >>>= 4;
    }
    return new String(out);
  }
}
