package dev.trellis.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.store.IndexConfig;
import dev.trellis.checkpoint.store.InMemoryStore;
import dev.trellis.checkpoint.store.Item;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Semantic search by meaning with the in-process MiniLM model: the query shares no word with the answer. */
class LocalEmbeddingsTest {
  @Test
  void theRelevantMemoryRanksFirstWithoutSharingWords() {
    InMemoryStore store = new InMemoryStore(Clock.systemUTC(), new IndexConfig(LangChain4jEmbeddings.miniLm(), List.of("text")));
    List<String> ns = List.of("memories", "u1");
    store.put(ns, "pet", Map.of("text", "The feline dozed on the rug all afternoon"));
    store.put(ns, "money", Map.of("text", "Quarterly revenue increased by twelve percent"));
    store.put(ns, "sport", Map.of("text", "The football match was called off because of the storm"));
    List<Item> hits = store.search(ns, "a cat sleeping", Map.of(), 3, 0);
    assertEquals("pet", hits.getFirst().key());
    assertEquals(384, LangChain4jEmbeddings.miniLm().embed(List.of("x")).getFirst().length);
  }
}
