package dev.trellis.server.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** System assistant ids are Python's {@code uuid.uuid5(NAMESPACE, graph_id)}; only short names are remembered. */
class AssistantSystemIdTest {
  @Test
  void aGraphNamesIdIsPythonsUuid5AndIsRemembered() {
    // uuid.uuid5(uuid.UUID("6ba7b821-9dad-11d1-80b4-00c04fd430c8"), "agent") in CPython.
    assertEquals("fe096781-5601-53d2-b2f6-0d3403f7e9ca", Assistants.systemId("agent"));
    assertTrue(Assistants.memoized("agent"));
  }

  @Test
  void aNameLongerThanTheMemosLimitGetsItsIdWithoutBeingRemembered() {
    String name = "agent".repeat(100);
    assertTrue(name.length() > Assistants.MEMO_NAME_MAX);
    // uuid.uuid5(uuid.UUID("6ba7b821-9dad-11d1-80b4-00c04fd430c8"), "agent" * 100) in CPython.
    assertEquals("77067c68-8a9e-51c4-8a3a-14cef14f78ab", Assistants.systemId(name));
    assertEquals("77067c68-8a9e-51c4-8a3a-14cef14f78ab", Assistants.systemId(name));
    assertFalse(Assistants.memoized(name), "a client's long assistant_id is not held by the server");
  }
}
