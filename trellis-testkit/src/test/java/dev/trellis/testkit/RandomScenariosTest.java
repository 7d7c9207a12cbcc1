package dev.trellis.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class RandomScenariosTest {
  @Test
  void sameSeedGivesSameScenario() {
    assertEquals(RandomScenarios.generate(42), RandomScenarios.generate(42));
  }

  @Test
  void differentSeedsGiveDifferentScenarios() {
    assertNotEquals(RandomScenarios.generate(1).get("nodes"), RandomScenarios.generate(2).get("nodes"));
  }

  @Test
  void everyGeneratedGraphCompilesWithReachabilityChecks() {
    for (long seed = 0; seed < 300; seed++) {
      var s = RandomScenarios.generate(seed);
      var builder = new ScenarioGraph().build(s, "");
      builder.compile(); // throws InvalidGraphException naming an unreachable node
    }
  }
}
