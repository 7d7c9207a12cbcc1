package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Layer 4: the judge is asked about what is not confidently low-risk, sees six messages, and only widens. */
class LlmJudgeTest {
  static final SafetyClassifier LEXICON = SafetyClassifier.lexiconOnly();

  static ChatModel answering(String label, List<String> seen) {
    return request -> {
      seen.add(request.messages().getLast().text());
      return Message.ai("{\"label\": \"" + label + "\", \"reason\": \"test\"}");
    };
  }

  @Test
  void aJudgedCrisisWidensTheVerdict() {
    String subtle = "I have been feeling oddly calm since the weekend";
    assertFalse(LEXICON.classify(subtle, List.of()).crisis());
    Verdict v = LEXICON.withJudge(answering("warning_signs", new ArrayList<>())).classify(subtle, List.of());
    assertTrue(v.crisis());
    assertEquals(RiskClass.WARNING_SIGNS, v.label());
    assertEquals(Layer.JUDGE, v.layer());
  }

  @Test
  void theJudgeCannotClearALexiconCrisisAndIsNotAsked() {
    List<String> seen = new ArrayList<>();
    Verdict v = LEXICON.withJudge(answering("none", seen)).classify("I want to kill myself", List.of());
    assertTrue(v.crisis());
    assertEquals(Layer.OVERRIDE, v.layer());
    assertTrue(seen.isEmpty());
  }

  @Test
  void theJudgeReadsTheLastSixHistoryMessagesOnly() {
    List<String> seen = new ArrayList<>();
    List<Message> history = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      history.add(i % 2 == 0 ? Message.human("entry " + i) : Message.ai("entry " + i));
    }
    LEXICON.withJudge(answering("none", seen)).classify("not sure what to make of it", history);
    assertEquals(1, seen.size());
    for (int i = 0; i < 8; i++) {
      assertEquals(i >= 2, seen.getFirst().contains("entry " + i), seen.getFirst());
    }
  }

  @Test
  void aFailingJudgeLeavesTheOfflineVerdict() {
    ChatModel broken = request -> {
      throw new IllegalStateException("model down");
    };
    String m = "Merhaba, bugün biraz yorgunum";
    assertEquals(LEXICON.classify(m, List.of()), LEXICON.withJudge(broken).classify(m, List.of()));
  }

  @Test
  void theJudgeCanNameAThirdPartyConcern() {
    Verdict v = LEXICON.withJudge(answering("third_party_concern", new ArrayList<>()))
        .classify("what do you say to someone who keeps talking about not being around", List.of());
    assertEquals(Action.THIRD_PARTY, v.action());
  }
}
