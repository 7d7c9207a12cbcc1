package dev.trellis.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ErrorCodeTest {
  @Test
  void messageStartsWithTheCodeInBrackets() {
    TrellisException e = new InvalidGraphException(ErrorCode.UNKNOWN_NODE, "edge \"a\" → \"b\": no node named \"b\"");
    assertEquals("[TRELLIS-UNKNOWN_NODE] edge \"a\" → \"b\": no node named \"b\"", e.getMessage());
    assertEquals(ErrorCode.UNKNOWN_NODE, e.code());
  }

  @Test
  void codeIsWrittenToJsonAsItsName() throws Exception {
    String json = new ObjectMapper().writeValueAsString(Map.of("code", ErrorCode.NO_PARENT_GRAPH));
    assertEquals("{\"code\":\"NO_PARENT_GRAPH\"}", json);
  }

  @Test
  void aCodeIsRequired() {
    assertThrows(NullPointerException.class, () -> new TrellisException(null, "no code"));
  }
}
