package dev.trellis.server.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.trellis.stream.StreamPart;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A step's state is converted to wire values only when its event is read: a run whose client
 * reads only the end (a {@code wait}) converts its last state once, not every step's.
 */
class LazyStreamEventsTest {
  private static final AtomicInteger READS = new AtomicInteger();

  /** A state value that counts how often it is converted (Jackson reads its accessor once a conversion). */
  record Counted(int n) {
    @Override
    public int n() {
      READS.incrementAndGet();
      return n;
    }
  }

  private static StreamPart.Values values(int n) {
    return new StreamPart.Values(List.of(), Map.of("v", new Counted(n)));
  }

  @Test
  void aValuesEventConvertsTheStateOnlyWhenReadAndOnce() {
    READS.set(0);
    StreamEncoder encoder = new StreamEncoder(StreamModes.parse("values"), false, "run-1", "thread-1");
    List<StreamEncoder.Out> out = new java.util.ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      out.addAll(encoder.encode(values(i)));
    }
    assertEquals(List.of("values", "values", "values"), out.stream().map(StreamEncoder.Out::event).toList());
    assertEquals(0, READS.get(), "no event was read yet");
    assertEquals(Map.of("v", Map.of("n", 2)), out.get(1).data());
    assertEquals(Map.of("v", Map.of("n", 2)), out.get(1).data());
    assertEquals(1, READS.get(), "the read event was converted once");
  }

  @Test
  void theLastValuesAreConvertedOnceForTheResultAndTheirEvent() {
    READS.set(0);
    StreamEncoder encoder = new StreamEncoder(StreamModes.parse("values"), false, "run-1", "thread-1");
    List<StreamEncoder.Out> out = new java.util.ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      out.addAll(encoder.encode(values(i)));
    }
    Map<String, Object> last = encoder.lastValues();
    assertEquals(Map.of("v", Map.of("n", 3)), last);
    assertSame(last, out.get(2).data(), "the last event carries the result's conversion");
    assertEquals(1, READS.get(), "only the last state was converted");
  }

  @Test
  void updatesAreConvertedWhenRead() {
    READS.set(0);
    StreamEncoder encoder = new StreamEncoder(StreamModes.parse("updates"), false, "run-1", "thread-1");
    List<StreamEncoder.Out> out = encoder.encode(
        new StreamPart.Updates(List.of(), "node", 1, Map.of("v", new Counted(5)), false));
    assertEquals(0, READS.get());
    assertEquals(Map.of("node", Map.of("v", Map.of("n", 5))), out.getFirst().data());
    assertEquals(1, READS.get());
  }
}
