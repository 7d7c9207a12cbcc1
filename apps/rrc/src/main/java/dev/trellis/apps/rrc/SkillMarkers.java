package dev.trellis.apps.rrc;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code SKILL_SELECT:{id}} markers a model writes to ask for a skill: read out of its answer
 * and kept out of everything a user reads — the stored message, the streamed tokens, and (for
 * threads stored before the LLM call took them out) the episode {@code output_format} saves.
 * One reading serves all three: the id may stand in the braces the prompt's instruction spells
 * ({@code SKILL_SELECT:{rrc_rule37}}) and punctuation written right after it goes with it, as the
 * old episode regex ({@code \s*SKILL_SELECT:\S+}) took it; a marker between two words leaves one
 * space, and the blank lines a marker on its own line leaves are collapsed to one.
 */
final class SkillMarkers {
  static final Pattern MARKER =
      Pattern.compile("[ \\t]*SKILL_SELECT:\\{?([A-Za-z0-9_\\-]+)}?[.,;:!?]*[ \\t]*");
  /** The tail of a text that may be a marker still being streamed (its id, closing brace, punctuation or spaces to come). */
  private static final Pattern OPEN_TAIL = Pattern.compile(
      "S(?:K(?:I(?:L(?:L(?:_(?:S(?:E(?:L(?:E(?:C(?:T(?::(?:\\{?[A-Za-z0-9_\\-]*}?[.,;:!?]*[ \\t]*)?)?)?)?)?)?)?)?)?)?)?)?)?$");

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
    return remove(text, '\n').replaceAll("\\n{3,}", "\n\n").strip();
  }

  /**
   * {@code text} with each marker replaced by one space when words stand on both sides of it
   * ({@code before}: the character just before the text), else by nothing.
   */
  private static String remove(String text, char before) {
    Matcher m = MARKER.matcher(text);
    StringBuilder b = new StringBuilder();
    while (m.find()) {
      char prev = m.start() > 0 ? text.charAt(m.start() - 1) : before;
      boolean between = !Character.isWhitespace(prev) && m.end() < text.length() && !Character.isWhitespace(text.charAt(m.end()));
      m.appendReplacement(b, between ? " " : "");
    }
    return m.appendTail(b).toString();
  }

  /** A token sink that passes text on without markers, holding back a tail that may be one; {@link #flush} at the end. */
  static final class Hiding implements Consumer<String> {
    private final Consumer<String> out;
    private final StringBuilder held = new StringBuilder();
    private char last = '\n';

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
      String ready = remove(text.substring(0, keep), last);
      held.delete(0, keep);
      if (!ready.isEmpty()) {
        last = ready.charAt(ready.length() - 1);
        out.accept(ready);
      }
    }
  }
}
