package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A gated change as the reviewer's requester reads it names every field the call changes, not only the first. */
class ChangeWordingTest {
  static Map<String, Object> update(String name, Map<String, Object> attributes) {
    Map<String, Object> args = new LinkedHashMap<>();
    args.put("entity_id", "well-42-329-13377");
    if (name != null) {
      args.put("name", name);
    }
    if (attributes != null) {
      args.put("attributes", attributes);
    }
    return args;
  }

  static Map<String, Object> attributes() {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("status", "plugged");
    a.put("depth_ft", 11250);
    return a;
  }

  @Test
  void aRenameThatAlsoChangesAttributesNamesTheAttributesToo() {
    assertEquals("Renaming well-42-329-13377 to \"Hutto State 3H-R\" and setting its attributes to status \"plugged\", "
        + "depth_ft 11250", ToolStep.change("update_entity", update("Hutto State 3H-R", attributes())));
  }

  @Test
  void anAttributesOnlyUpdateNamesEachAttribute() {
    assertEquals("Updating well-42-329-13377: setting its attributes to status \"plugged\", depth_ft 11250",
        ToolStep.change("update_entity", update(null, attributes())));
  }

  @Test
  void clearingTheAttributesIsSaid() {
    assertEquals("Renaming well-42-329-13377 to \"Hutto State 3H-R\" and clearing its attributes",
        ToolStep.change("update_entity", update("Hutto State 3H-R", Map.of())));
  }

  @Test
  void aPlainRenameReadsAsBefore() {
    assertEquals("Renaming well-42-329-13377 to \"Hutto State 3H-R\"",
        ToolStep.change("update_entity", update("Hutto State 3H-R", null)));
  }
}
