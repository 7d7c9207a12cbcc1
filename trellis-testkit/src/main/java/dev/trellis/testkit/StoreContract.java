package dev.trellis.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.store.Item;
import dev.trellis.checkpoint.store.Op;
import dev.trellis.checkpoint.store.Store;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The behaviour every long-term {@link Store} must have; a store's test extends this. Namespaces are unique per test. */
public abstract class StoreContract {
  protected abstract Store store();

  private final String root = "r" + UUID.randomUUID().toString().replace("-", "");

  private List<String> ns(String... parts) {
    List<String> out = new java.util.ArrayList<>(List.of(root));
    out.addAll(List.of(parts));
    return out;
  }

  @Test
  void putThenGetReturnsTheValue() {
    store().put(ns("users", "u1"), "prefs", Map.of("theme", "dark", "size", 3, "tags", List.of("a")));
    Item i = store().get(ns("users", "u1"), "prefs");
    assertEquals(Map.of("theme", "dark", "size", 3, "tags", List.of("a")), i.value());
    assertEquals(ns("users", "u1"), i.namespace());
    assertEquals("prefs", i.key());
  }

  @Test
  void updateReplacesTheValueAndKeepsCreation() throws Exception {
    store().put(ns("a"), "k", Map.of("v", 1));
    Item first = store().get(ns("a"), "k");
    Thread.sleep(2);
    store().put(ns("a"), "k", Map.of("v", 2));
    Item second = store().get(ns("a"), "k");
    assertEquals(Map.of("v", 2), second.value());
    assertEquals(first.createdAt(), second.createdAt());
    assertTrue(!second.updatedAt().isBefore(first.updatedAt()));
  }

  @Test
  void deleteRemovesAndMissingIsNull() {
    store().put(ns("a"), "k", Map.of("v", 1));
    store().delete(ns("a"), "k");
    assertNull(store().get(ns("a"), "k"));
    assertNull(store().get(ns("nowhere"), "k"));
  }

  @Test
  void searchFiltersByPrefixAndValueAndPages() {
    store().put(ns("docs", "a"), "1", Map.of("kind", "note", "n", 1));
    store().put(ns("docs", "b"), "2", Map.of("kind", "note", "n", 2));
    store().put(ns("docs", "b"), "3", Map.of("kind", "todo", "n", 3));
    store().put(ns("docsx"), "4", Map.of("kind", "note", "n", 4));
    List<Item> notes = store().search(ns("docs"), Map.of("kind", "note"), 10, 0);
    assertEquals(List.of("2", "1"), notes.stream().map(Item::key).toList(), "newest first, prefix is by label");
    assertEquals(List.of("1"), store().search(ns("docs"), Map.of("kind", "note"), 10, 1).stream().map(Item::key).toList());
    assertEquals(1, store().search(ns("docs"), Map.of(), 1, 0).size());
    assertEquals(List.of("3"), store().search(ns("docs", "b"), Map.of("n", 3.0), 10, 0).stream().map(Item::key).toList());
  }

  @Test
  void listNamespacesHonoursPrefixAndDepth() {
    store().put(ns("users", "u1", "memories"), "m", Map.of("x", 1));
    store().put(ns("users", "u2"), "p", Map.of("x", 1));
    store().put(ns("teams", "t1"), "p", Map.of("x", 1));
    assertEquals(List.of(ns("users", "u1", "memories"), ns("users", "u2")), store().listNamespaces(ns("users"), 0, 10, 0));
    assertEquals(List.of(ns("teams"), ns("users")), store().listNamespaces(ns(), 2, 10, 0));
    assertEquals(List.of(ns("users")), store().listNamespaces(ns(), 2, 1, 1));
  }

  @Test
  void batchRunsInOrder() {
    List<Object> out = store().batch(List.of(new Op.Put(ns("b"), "k", Map.of("v", 1)), new Op.Get(ns("b"), "k"),
        new Op.Put(ns("b"), "k", null), new Op.Get(ns("b"), "k")));
    assertEquals(Map.of("v", 1), ((Item) out.get(1)).value());
    assertNull(out.get(3));
  }

  @Test
  void badNamespacesAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> store().put(List.of(), "k", Map.of()));
    assertThrows(IllegalArgumentException.class, () -> store().put(List.of("a", ""), "k", Map.of()));
  }
}
