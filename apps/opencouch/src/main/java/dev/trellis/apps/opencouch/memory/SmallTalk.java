package dev.trellis.apps.opencouch.memory;

import java.util.regex.Pattern;

/** The small-talk gate: greetings and acknowledgements carry nothing to remember, so the extractors skip them. */
public final class SmallTalk {
  private static final Pattern SMALL_TALK = Pattern.compile("^(hi|hey|hello|hiya|yo|good (morning|afternoon|evening)|"
      + "thanks?( you)?( so much)?|thank you|ty|ok(ay)?|k|cool|sure|got it|sounds good|great|nice|alright|right|yes|no|yeah|"
      + "yep|nope|hmm+|mhm|bye|goodbye|see you|later|lol|haha)( (there|again|then|for that|a lot))?[\\s.!?,:)]*$",
      Pattern.CASE_INSENSITIVE);

  private SmallTalk() {
  }

  public static boolean is(String message) {
    return message == null || message.isBlank() || SMALL_TALK.matcher(message.strip()).matches();
  }
}
