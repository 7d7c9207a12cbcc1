package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trellis.apps.opencouch.memory.MemoryStore;
import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.graph.State;
import dev.trellis.langchain4j.LangChain4jChatModel;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A turn and a session end with a model configured: every LLM step — the crisis classifier for
 * the ambiguous middle, the dispatcher's classifier, the streamed reply, both extractors with
 * structured output, the session summary — goes through LangChain4j to a local
 * chat-completions server that records the request bodies.
 */
class ModelPathTest {
  static String answer(String schema) {
    return switch (schema) {
      case "Judgement" -> "{\"label\": \"none\", \"reason\": \"exhaustion about work, no ideation\"}";
      case "ModeChoice" -> "{\"mode\": \"reflective\", \"reason\": \"a recurring work pattern\"}";
      case "Facts" -> "{\"facts\": [{\"text\": \"The user's sister is Ana.\", \"category\": \"relationship\"}]}";
      case "Rules" -> "{\"rules\": [{\"text\": \"Keep replies short.\", \"explicit\": true}]}";
      case "Summary" -> "{\"summary\": \"The user talked about exhaustion at work and their sister Ana.\"}";
      default -> throw new IllegalArgumentException("unexpected schema " + schema);
    };
  }

  @Test
  void everyLlmStepOfATurnGoesToTheModelAndTheReplyStreams() throws Exception {
    try (ChatCompletionsServer llm = new ChatCompletionsServer(ModelPathTest::answer,
        List.of("That ", "sounds ", "exhausting."))) {
      Couch couch = new Couch(LangChain4jChatModel.openAi(llm.baseUrl(), "m", "none"), MemoryMode.PERSISTENT);
      List<String> tokens = new ArrayList<>();
      java.util.Set<String> ids = new java.util.HashSet<>();
      State s = null;
      try (GraphStream stream = couch.graph.stream(Map.of("message", "I can't go on like this at work, every week it's "
          + "the same. My sister Ana says I should rest.", "user_id", "m-user", "session_id", "m-1"), couch.config("m-1"),
          EnumSet.of(StreamMode.MESSAGES, StreamMode.VALUES), true)) {
        for (StreamPart p : stream) {
          if (p instanceof StreamPart.MessageChunk c) {
            tokens.add(c.text());
            ids.add(c.messageId());
          } else if (p instanceof StreamPart.Values v && v.namespace().isEmpty()) {
            s = State.of(v.values());
          }
        }
      }
      assertEquals(List.of("That ", "sounds ", "exhausting."), tokens);
      assertEquals("That sounds exhausting.", CouchState.response(s).text());
      assertEquals(1, ids.size(), "one message on the stream");
      assertEquals(ids.iterator().next(), ((dev.trellis.agent.message.Message.Ai) s.get(CouchState.MESSAGES).getLast()).id(),
          "the stored reply keeps the id its tokens carried");
      assertEquals("therapeutic", CouchState.routing(s).route(), "the judge, asked, found no crisis");
      assertEquals("reflective", CouchState.routing(s).mode());
      Map<String, Object> diag = s.get(CouchState.DIAGNOSTICS);
      assertEquals("lexicon", diag.get("crisis_layer"), "an idiom the lexicon read; the judge only widens");
      assertEquals("llm", diag.get("dispatch_via"));
      assertEquals("llm", diag.get("extract_facts_source"));
      assertEquals("llm", diag.get("extract_procedural_source"));
      assertEquals(List.of("Judgement", "ModeChoice"), llm.schemaNames().subList(0, 2));
      assertTrue(llm.schemaNames().containsAll(List.of("Facts", "Rules")));
      JsonNode reply = llm.bodies.stream().filter(b -> b.path("stream").asBoolean(false)).findFirst().orElseThrow();
      assertTrue(reply.path("messages").get(0).path("content").asText().contains("# Reflective"), "the mode's knowledge file");
      assertEquals(1, couch.store.search(MemoryStore.kept("m-user", "semantic"), Map.of(), 10, 0).size());
      assertEquals(1, couch.store.search(MemoryStore.kept("m-user", "procedural"), Map.of(), 10, 0).size());

      State end = couch.endSession("m-user", "m-1");
      assertEquals("The user talked about exhaustion at work and their sister Ana.", end.get(SessionEnd.SUMMARY));
      assertEquals("Summary", llm.schemaNames().getLast());
    }
  }

  @Test
  void aCrisisTurnWithAModelStreamsTheModelsWordsAndAlwaysAddsTheResources() throws Exception {
    try (ChatCompletionsServer llm = new ChatCompletionsServer(ModelPathTest::answer,
        List.of("I'm ", "so ", "glad ", "you ", "told ", "me."))) {
      Couch couch = new Couch(LangChain4jChatModel.openAi(llm.baseUrl(), "m", "none"), MemoryMode.PERSISTENT);
      State s = couch.turn("m-crisis", "mc-1", "I want to kill myself");
      String text = String.valueOf(CouchState.response(s).text());
      assertTrue(text.startsWith("I'm so glad you told me."), text);
      assertTrue(text.contains("988") && text.endsWith("?"), text);
      assertEquals(List.of(), llm.schemaNames(), "explicit statements never wait for a classifier");
      assertEquals(1, couch.log.forUser("m-crisis").size());
    }
  }
}
