package dev.trellis.safety;

import dev.trellis.agent.message.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Booking references ("K7QM-29XD", "booking #N59A-J0FM"): codes of letters and digits that say nothing, put as the one
 * neutral word "ref" in a message and its history before anything reads them (round eighteen, the review: leetspeak made
 * words of them, "J0FM" read as "jofm", and the code in the assistant's message moved the head on the reply after it).
 */
final class References {
  /** Two groups of four capitals and digits, with a digit and a letter among them, with or without a leading '#'. */
  private static final Pattern CODE = Pattern.compile(
      "(?<![\\w-])#?(?=[A-Z0-9-]{0,9}\\d)(?=[A-Z0-9-]{0,9}[A-Z])[A-Z0-9]{4}-[A-Z0-9]{4}(?![\\w-])");

  private References() {
  }

  /** {@code text} with each booking reference put as the one neutral word "ref". */
  static String strip(String text) {
    return text == null || text.indexOf('-') < 0 ? text : CODE.matcher(text).replaceAll("ref");
  }

  /** {@code history} with the booking references taken out of its user's and assistant's messages. */
  static List<Message> strip(List<Message> history) {
    List<Message> out = new ArrayList<>(history.size());
    for (Message m : history) {
      out.add(switch (m) {
        case Message.Human h -> new Message.Human(h.id(), strip(h.text()));
        case Message.Ai ai -> new Message.Ai(ai.id(), strip(ai.text()), ai.toolCalls(), ai.usage());
        default -> m;
      });
    }
    return out;
  }
}
