package dev.trellis.safety.train;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.agent.message.Message;
import dev.trellis.safety.Features;
import dev.trellis.safety.RiskClass;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the head is trained on: a message as the classifier reads it, and a short text's n-grams weighed fairly. */
class HeadTextTest {
  @Test
  void aShortReplyWithAHistoryIsTrainedReadAfterThePreviousUserMessage() {
    List<Message> history = List.of(Message.human("I've thought about taking all my pills"),
        Message.ai("I'm really glad you said so."));
    Example reply = new Example("x1", "tonight", RiskClass.PLAN_INTENT, "en-US", true, history);
    assertEquals("I've thought about taking all my pills tonight", reply.headText());
    Example alone = new Example("x2", "tonight", RiskClass.NONE, "en-US", false, List.of());
    assertEquals("tonight", alone.headText());
    String longReply = "yes, and I also wanted to tell you that the week was long and my manager kept me late every day";
    assertEquals(longReply, new Example("x3", longReply, RiskClass.NONE, "en-US", false, history).headText());
  }

  @Test
  void aShortTextsNgramsWeighNoMoreThanTheFloorAllows() {
    Features shortText = Features.of("alright?", new float[] {1f, 0f});
    assertEquals((float) (1 / Math.sqrt(Features.MIN_GRAMS)), shortText.weight(), 1e-6);
    String sentence = "I have been feeling a bit better since I started going for walks in the morning with my dog";
    Features longText = Features.of(sentence, new float[] {1f, 0f});
    assertEquals((float) (1 / Math.sqrt(longText.grams().length)), longText.weight(), 1e-6);
  }

  @Test
  void afterTheUsersMessageOnlyAnEllipticalShortReplyIsTrainedReadAfterIt() {
    List<Message> history = List.of(Message.human("I want to overdose"), Message.ai("I'm glad you told me."));
    String selfContained = "I keep forgetting to water my plants";
    assertEquals(selfContained,
        new Example("x4", selfContained, RiskClass.NONE, "en-US", false, history).headText());
    String pointing = "I have them right next to me";
    assertEquals("I want to overdose " + pointing,
        new Example("x5", pointing, RiskClass.MEANS_ACCESS, "en-US", true, history).headText());
  }

  @Test
  void aShortReplyToTheAssistantsQuestionIsTrainedReadAfterTheUsersMessageAndTheQuestionInTheUsersWords() {
    List<Message> history = List.of(Message.human("everything feels pointless lately"),
        Message.ai("That sounds heavy. How would you go about it, if you did?"));
    Example reply = new Example("x6", "the bottle in the bathroom cabinet", RiskClass.MEANS_ACCESS, "en-GB", true, history);
    assertEquals("everything feels pointless lately How would I go about it, if I did? the bottle in the bathroom cabinet",
        reply.headText());
    List<Message> german = List.of(Message.ai("Wo bist du gerade?"));
    assertEquals("Wo bin ich gerade? auf der Brücke",
        new Example("x7", "auf der Brücke", RiskClass.ATTEMPT_IN_PROGRESS, "de-DE", true, german).headText());
  }
}
