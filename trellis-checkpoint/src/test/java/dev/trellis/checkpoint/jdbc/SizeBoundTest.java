package dev.trellis.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.serde.JacksonSerde;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link SharedValues#smallBound}: the bound that lets a checkpoint keep a small value inline
 * without serializing it first must never be below what the serde writes.
 */
class SizeBoundTest {
  private static final JacksonSerde SERDE = new JacksonSerde();

  @Test
  void theBoundIsNeverBelowTheSerializedSize() {
    Random r = new Random(42);
    int bounded = 0;
    for (int i = 0; i < 5_000; i++) {
      Object v = value(r, 0);
      int left = SharedValues.smallBound(v, SharedValues.BIG);
      if (left >= 0) {
        bounded++;
        int written = SERDE.dump(v).length;
        assertTrue(written <= SharedValues.BIG - left, v + " wrote " + written + " bytes over its bound "
            + (SharedValues.BIG - left));
      }
    }
    assertTrue(bounded > 1_000, "most generated values are small enough to bound, got " + bounded);
  }

  @Test
  void aValueThatMayReachTheLimitIsNotBounded() {
    assertEquals(-1, SharedValues.smallBound("x".repeat(SharedValues.BIG), SharedValues.BIG));
    assertEquals(-1, SharedValues.smallBound("é".repeat(200), SharedValues.BIG), "escaped, 200 characters may take 1,200 bytes");
    List<Integer> many = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      many.add(1_000_000 + i);
    }
    assertEquals(-1, SharedValues.smallBound(many, SharedValues.BIG));
  }

  @Test
  void valuesItCannotSizeWithoutSerializingAreNotBounded() {
    record Point(int x, int y) {}
    assertEquals(-1, SharedValues.smallBound(new Point(1, 2), SharedValues.BIG));
    assertEquals(-1, SharedValues.smallBound(List.of(1, new Point(1, 2)), SharedValues.BIG));
    assertEquals(-1, SharedValues.smallBound(1.5f, SharedValues.BIG));
    // A nested list long enough to be written as a reference to a stored list may be written larger than it is.
    assertEquals(-1, SharedValues.smallBound(Map.of("k", List.of(1, 2, 3, 4, 5, 6, 7, 8)), SharedValues.BIG));
    assertTrue(SharedValues.smallBound(List.of(1, 2, 3, 4, 5, 6, 7, 8), SharedValues.BIG) > 0, "a channel's own list is never a reference");
  }

  private static Object value(Random r, int depth) {
    int kind = r.nextInt(depth > 2 ? 7 : 10);
    return switch (kind) {
      case 0 -> null;
      case 1 -> r.nextBoolean();
      case 2 -> r.nextInt();
      case 3 -> r.nextLong();
      case 4 -> r.nextDouble() * Math.pow(10, r.nextInt(40) - 20);
      case 5, 6 -> string(r);
      case 7, 8 -> {
        List<Object> l = new ArrayList<>();
        for (int n = r.nextInt(7); n > 0; n--) {
          l.add(value(r, depth + 1));
        }
        yield l;
      }
      default -> {
        Map<Object, Object> m = r.nextInt(5) == 0 ? new HashMap<>() : new LinkedHashMap<>();
        for (int n = r.nextInt(5); n > 0; n--) {
          m.put(r.nextInt(6) == 0 ? (Object) r.nextInt(100) : r.nextInt(6) == 0 ? "$" + string(r) : string(r),
              value(r, depth + 1));
        }
        yield m;
      }
    };
  }

  private static String string(Random r) {
    StringBuilder sb = new StringBuilder();
    for (int n = r.nextInt(30); n > 0; n--) {
      int c = switch (r.nextInt(5)) {
        case 0 -> r.nextInt(32); // control characters, escaped
        case 1 -> '"';
        case 2 -> 0x4e00 + r.nextInt(100); // three bytes in UTF-8
        default -> 'a' + r.nextInt(26);
      };
      sb.append((char) c);
    }
    if (r.nextInt(10) == 0) {
      sb.appendCodePoint(0x1F600); // a surrogate pair
    }
    return sb.toString();
  }
}
