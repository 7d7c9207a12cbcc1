package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The workload generator is deterministic and the measurement counts what the gates saved. */
class NeuraBenchTest {
  @Test
  void sameSeedGeneratesTheSameSessions() {
    assertEquals(Workload.generate(7, 5, 10), Workload.generate(7, 5, 10));
    assertEquals(5, Workload.generate(7, 5, 10).size());
    assertEquals(10, Workload.generate(7, 5, 10).get(0).size());
  }

  @Test
  void skipGatesSaveToolCallsOnASmallRun() throws Exception {
    Map<String, Object> r = NeuraBench.measure(7, 4, 6, 0);
    long with = (Long) r.get("tool_calls_with_gates");
    long without = (Long) r.get("tool_calls_without_gates");
    assertTrue(with < without, r.toString());
    assertEquals(without - with, r.get("tool_calls_saved"));
  }
}
