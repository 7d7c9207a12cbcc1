package dev.trellis.apps.rrc;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code SKILL_SELECT:{id}} markers a model writes to ask for a skill: read out of its answer
 * and kept out of everything a user reads — the stored message and the streamed tokens.
 */
final class SkillMarkers {
  static final Pattern MARKER = Pattern.compile("[ \\t]*SKILL_SELECT:([A-Za-z0-9_\\-]+)[ \\t]*");
  /** The tail of a text that may be the start of a marker still being streamed. */
  private static final Pattern OPEN_TAIL = Pattern.compile(
      "S(?:K(?:I(?:L(?:L(?:_(?:S(?:E(?:L(?:E(?:C(?:T(?::[A-Za-z0-9_\\-]*)?)?)?)?)?)?)?)?)?)?)?)?$");

  private SkillMarkers() {}

  /** The skill ids {@code text} asks for, in order. */
  static List<String> ids(String text) {
    List<String> ids = new ArrayList<>();
    Matcher m = MARKER.matcher(text == null ? "" : text);
    while (m.find()) {
      if (!ids.contains(m.group(1))) {
        ids.add(m.group(1));
      }
    }
    return ids;
  }

  /** {@code text} without its markers (and the blank lines they leave). */
  static String strip(String text) {
    if (text == null) {
      return "";
    }
    return MARKER.matcher(text).replaceAll("").replaceAll("\\n{3,}", "\n\n").strip();
  }

  /** A token sink that passes text on without markers, holding back a tail that may be one; {@link #flush} at the end. */
  static final class Hiding implements Consumer<String> {
    private final Consumer<String> out;
    private final StringBuilder held = new StringBuilder();

    Hiding(Consumer<String> out) {
      this.out = out;
    }

    @Override
    public void accept(String piece) {
      held.append(piece);
      emit(false);
    }

    /** Passes on what is held (the answer is complete). */
    void flush() {
      emit(true);
    }

    private void emit(boolean end) {
      String text = held.toString();
      int keep = text.length();
      if (!end) {
        Matcher tail = OPEN_TAIL.matcher(text);
        if (tail.find()) {
          keep = tail.start();
        }
      }
      String ready = MARKER.matcher(text.substring(0, keep)).replaceAll("");
      held.delete(0, keep);
      if (!ready.isEmpty()) {
        out.accept(ready);
      }
    }
  }
}
