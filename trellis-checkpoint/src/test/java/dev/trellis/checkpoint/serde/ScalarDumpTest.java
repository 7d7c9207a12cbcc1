package dev.trellis.checkpoint.serde;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Scalars are written without a generator; the bytes must be those Jackson's generator writes, read back the same. */
class ScalarDumpTest {
  private static final ObjectMapper JACKSON = new ObjectMapper();
  private final JacksonSerde serde = new JacksonSerde();

  private static List<Object> scalars() {
    List<Object> values = new ArrayList<>(Arrays.asList(null, true, false, 0, 1, -1, 42, Integer.MAX_VALUE,
        Integer.MIN_VALUE, "", "n0", "branch:to:n1", "a b/c", "~!@#$%^&*()_+{}|:<>?`-=[];',.", "quote \" inside",
        "back \\ slash", "tab\there", "line\nbreak", "\u0000", "\u001f", "del \u007f", "é", "日本", "emoji \uD83D\uDE00",
        "x".repeat(127), "y".repeat(128), "z".repeat(300)));
    StringBuilder ascii = new StringBuilder();
    for (char c = 0x20; c < 0x7f; c++) {
      ascii.append(c);
    }
    values.add(ascii.toString());
    return values;
  }

  @Test
  void scalarsAreWrittenAsJacksonsGeneratorWritesThemAndReadBack() throws Exception {
    for (Object v : scalars()) {
      byte[] expected = JACKSON.writeValueAsBytes(v);
      assertArrayEquals(expected, serde.dump(v), () -> "dump of " + v);
      if (!(v instanceof String s && s.length() >= 256)) { // a longer string is the references' to replace
        assertArrayEquals(expected, serde.dump(v, x -> Map.of("blob", "never")), () -> "dump with references of " + v);
      }
      assertEquals(v, serde.load(serde.dump(v)), () -> "round trip of " + v);
    }
  }

  @Test
  void eachDumpOfAConstantIsItsOwnArray() {
    byte[] first = serde.dump(true);
    first[0] = 'x';
    assertArrayEquals("true".getBytes(), serde.dump(true));
    byte[] none = serde.dump(null);
    none[0] = 'x';
    assertArrayEquals("null".getBytes(), serde.dump(null));
  }
}
