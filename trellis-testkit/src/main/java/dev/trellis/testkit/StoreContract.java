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
  /** The store under test for the basic behaviour (may be shared between tests). */
  protected abstract Store store();

  /** A fresh store reading time from {@code clock}, indexed by {@code index} (null: no index). */
  protected abstract Store store(java.time.Clock clock, dev.trellis.checkpoint.store.IndexConfig index);

  private static void close(Store s) throws Exception {
    if (s instanceof AutoCloseable c) {
      c.close();
    }
  }

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

  @Test
  void ttlExpiresItemsAndReadsRefreshThem() throws Exception {
    TestClock clock = new TestClock();
    Store s = store(clock, null);
    try {
      s.put(ns("t"), "k", Map.of("v", 1), null, java.time.Duration.ofMinutes(10));
      clock.advance(java.time.Duration.ofMinutes(9));
      assertEquals(Map.of("v", 1), s.get(ns("t"), "k").value(), "alive, and the read restarts its ttl");
      clock.advance(java.time.Duration.ofMinutes(9));
      assertEquals(Map.of("v", 1), s.get(ns("t"), "k").value(), "still alive thanks to the refresh");
      clock.advance(java.time.Duration.ofMinutes(11));
      assertNull(s.get(ns("t"), "k"));
      s.put(ns("t"), "gone", Map.of("v", 2), null, java.time.Duration.ofSeconds(1));
      s.put(ns("t"), "kept", Map.of("v", 3));
      clock.advance(java.time.Duration.ofSeconds(2));
      assertTrue(s.sweep() >= 1);
      assertEquals(List.of("kept"), s.search(ns("t"), Map.of(), 10, 0).stream().map(Item::key).toList());
    } finally {
      close(s);
    }
  }

  @Test
  void semanticSearchRanksTheRelevantItemFirst() throws Exception {
    Store s = store(java.time.Clock.systemUTC(), new dev.trellis.checkpoint.store.IndexConfig(
        new dev.trellis.checkpoint.store.HashingEmbeddings(256), List.of("text", "chapters[*].content")));
    try {
      s.put(ns("mem"), "cat", Map.of("text", "the cat sat quietly on the warm mat"));
      s.put(ns("mem"), "revenue", Map.of("text", "quarterly revenue grew by ten percent this quarter"));
      s.put(ns("mem"), "book", Map.of("title", "A novel", "chapters", List.of(
          Map.of("content", "a storm at sea"), Map.of("content", "the lighthouse keeper waits for the storm"))));
      s.put(ns("mem"), "hidden", Map.of("text", "quarterly revenue quarterly revenue"), List.of(), null);
      List<Item> hits = s.search(ns("mem"), "how much did revenue grow this quarter", Map.of(), 3, 0);
      assertEquals("revenue", hits.getFirst().key());
      assertTrue(hits.getFirst().score() > hits.get(1).score());
      assertTrue(hits.stream().noneMatch(i -> i.key().equals("hidden")), "an item put with an empty index is not searchable");
      assertEquals("book", s.search(ns("mem"), "lighthouse keeper storm", Map.of(), 1, 0).getFirst().key(),
          "fields inside lists are indexed through [*]");
    } finally {
      close(s);
    }
  }

  @Test
  void keywordSearchRanksItemsSharingQueryTermsAndLeavesOutTheRest() {
    store().put(ns("kw"), "invoice", Map.of("text", "invoice 4471 is overdue, payment reminder sent"));
    store().put(ns("kw"), "payment", Map.of("text", "payment received for the garden order"));
    store().put(ns("kw"), "cat", Map.of("text", "a cat sleeping on a windowsill"));
    List<Item> hits = store().keywordSearch(ns("kw"), "overdue invoice 4471", Map.of(), 10, 0);
    assertEquals(List.of("invoice"), hits.stream().map(Item::key).toList(), "only items sharing a term match");
    assertTrue(hits.getFirst().score() > 0);
    List<Item> payment = store().keywordSearch(ns("kw"), "payment invoice", Map.of(), 10, 0);
    assertEquals(List.of("invoice", "payment"), payment.stream().map(Item::key).toList(), "more matching terms rank higher");
    assertEquals(List.of("payment"), store().keywordSearch(ns("kw"), "payment invoice", Map.of(), 10, 1).stream()
        .map(Item::key).toList(), "pages after ranking");
    assertEquals(List.of(), store().keywordSearch(ns("kw"), "?!", Map.of(), 10, 0), "a query without terms matches nothing");
  }

  @Test
  void keywordSearchHonoursPrefixFilterUpdatesAndDeletes() {
    store().put(ns("kw2", "a"), "1", Map.of("text", "morning walk by the river", "kind", "habit"));
    store().put(ns("kw2", "a"), "2", Map.of("text", "river cruise booked", "kind", "plan"));
    store().put(ns("kw2x"), "3", Map.of("text", "river of words"));
    assertEquals(List.of("1"), store().keywordSearch(ns("kw2"), "river", Map.of("kind", "habit"), 10, 0).stream()
        .map(Item::key).toList());
    assertEquals(java.util.Set.of("1", "2"), store().keywordSearch(ns("kw2"), "river", Map.of(), 10, 0).stream()
        .map(Item::key).collect(java.util.stream.Collectors.toSet()), "the prefix is by label");
    store().put(ns("kw2", "a"), "2", Map.of("text", "mountain hike booked", "kind", "plan"));
    assertEquals(List.of("2"), store().keywordSearch(ns("kw2"), "mountain river cruise", Map.of("kind", "plan"), 10, 0)
        .stream().map(Item::key).toList(), "an update re-indexes the new text");
    assertEquals(List.of(), store().keywordSearch(ns("kw2"), "cruise", Map.of(), 10, 0), "the old text is gone");
    store().delete(ns("kw2", "a"), "1");
    assertEquals(List.of(), store().keywordSearch(ns("kw2"), "walk", Map.of(), 10, 0), "a deleted item is not found");
  }

  @Test
  void keywordSearchUsesTheIndexedFieldsAndSkipsUnindexedItems() throws Exception {
    Store s = store(java.time.Clock.systemUTC(), new dev.trellis.checkpoint.store.IndexConfig(
        new dev.trellis.checkpoint.store.HashingEmbeddings(64), List.of("text")));
    try {
      s.put(ns("f"), "indexed", Map.of("text", "sertraline dose changed", "note", "zebra"));
      s.put(ns("f"), "hidden", Map.of("text", "sertraline"), List.of(), null);
      assertEquals(List.of("indexed"), s.keywordSearch(ns("f"), "sertraline", Map.of(), 10, 0).stream()
          .map(Item::key).toList(), "an item put with an empty index is not searchable");
      assertEquals(List.of(), s.keywordSearch(ns("f"), "zebra", Map.of(), 10, 0), "fields outside the index are not searched");
    } finally {
      close(s);
    }
  }

  @Test
  void hybridSearchFusesSemanticAndKeywordRankingsByReciprocalRank() throws Exception {
    Store s = store(java.time.Clock.systemUTC(), new dev.trellis.checkpoint.store.IndexConfig(
        new dev.trellis.checkpoint.store.HashingEmbeddings(256), List.of("text")));
    try {
      s.put(ns("h"), "both", Map.of("text", "panic attack at work before the presentation"));
      s.put(ns("h"), "some", Map.of("text", "work deadlines pile up every week"));
      s.put(ns("h"), "none", Map.of("text", "zebra giraffe savannah"));
      String q = "panic attack before presentation";
      List<Item> semantic = s.search(ns("h"), q, Map.of(), 10, 0);
      List<Item> keyword = s.keywordSearch(ns("h"), q, Map.of(), 10, 0);
      List<Item> hybrid = s.hybridSearch(ns("h"), q, Map.of(), 10, 0);
      assertEquals("both", hybrid.getFirst().key(), "first in both rankings is first fused");
      assertEquals(dev.trellis.checkpoint.store.Rrf.fuse(List.of(semantic, keyword), dev.trellis.checkpoint.store.Rrf.K)
          .stream().map(Item::key).toList(), hybrid.stream().map(Item::key).toList());
      double expected = 1.0 / (dev.trellis.checkpoint.store.Rrf.K + 1) * 2;
      assertEquals(expected, hybrid.getFirst().score(), 1e-9, "the fused score sums 1/(k+rank) over both rankings");
      assertTrue(keyword.stream().noneMatch(i -> i.key().equals("some")) && hybrid.stream().anyMatch(i -> i.key().equals("some")),
          "an item only the semantic ranking has is still fused in");
      assertEquals(hybrid.subList(1, hybrid.size()).stream().map(Item::key).toList(),
          s.hybridSearch(ns("h"), q, Map.of(), 10, 1).stream().map(Item::key).toList(), "pages after fusion");
    } finally {
      close(s);
    }
  }

  @Test
  void hybridSearchWithoutAnIndexIsTheKeywordRanking() {
    store().put(ns("h2"), "a", Map.of("text", "grief after losing a parent"));
    store().put(ns("h2"), "b", Map.of("text", "a parent teacher meeting"));
    assertEquals(store().keywordSearch(ns("h2"), "grief parent", Map.of(), 10, 0).stream().map(Item::key).toList(),
        store().hybridSearch(ns("h2"), "grief parent", Map.of(), 10, 0).stream().map(Item::key).toList());
  }
}
