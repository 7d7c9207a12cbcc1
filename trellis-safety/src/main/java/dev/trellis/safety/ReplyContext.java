package dev.trellis.safety;

import dev.trellis.agent.message.Message;
import java.util.List;

/**
 * A short reply read after what it answers. When the conversation's last message is the assistant's question, the
 * reply is read after that question in the user's own words ("what would you use?" → "what would I use?", before "the
 * ones in the drawer"); otherwise an elliptical reply is read after the user's previous message ("tonight." after "I
 * have decided", {@link Features#inContext}). The classifier scores this text beside the message, and the trainer
 * ({@code train.Example#headText}) trains the head on it, so the head is trained on what it is asked to read.
 */
public final class ReplyContext {
  private ReplyContext() {
  }

  /**
   * {@code message} read as one text after what it answers, or null when it is read on its own: after the assistant's
   * question, any reply of at most {@link Features#SHORT_REPLY} words that does not only acknowledge ("a rope in my
   * bag" answers "have you got anything with you?" though it points back at no word of it); after anything else, an
   * elliptical short reply after the user's previous message. {@code history} is oldest first; {@code locale}'s
   * language is the question's when it gives no clue of its own.
   */
  public static String read(String message, List<Message> history, String locale) {
    String question = AnsweredQuestion.question(history);
    if (question == null) {
      return Features.inContext(message, SafetyClassifier.previousUserMessage(history));
    }
    if (Folded.of(message).tokens().size() > Features.SHORT_REPLY || Features.acknowledges(message)
        || AnsweredQuestion.denies(Folded.of(message))) {
      return null;
    }
    String own = AnsweredQuestion.inOwnWordsDetected(question, Languages.ofLocale(locale));
    String previous = SafetyClassifier.previousUserMessage(history);
    return (previous == null ? "" : previous.strip() + " ") + own.strip() + " " + message.strip();
  }
}
