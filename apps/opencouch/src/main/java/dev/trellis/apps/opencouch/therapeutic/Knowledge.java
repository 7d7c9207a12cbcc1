package dev.trellis.apps.opencouch.therapeutic;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The knowledge each mode works from, as data files beside the code: one markdown file per
 * mode ({@code knowledge/response_modes/<mode>.md}, the prompt's knowledge block), the twelve
 * guided exercises ({@code knowledge/exercises.json}) and the psychoeducation topics
 * ({@code knowledge/topics.json}). Add a mode's knowledge or an exercise there.
 */
public final class Knowledge {
  /** A guided exercise: id, name, the words that ask for it, its steps. */
  public record Exercise(String id, String name, List<String> keywords, List<String> steps) {
  }

  /** A psychoeducation topic: id, the words that bring it up, a plain-words explanation. */
  public record Topic(String id, List<String> keywords, String explanation) {
  }

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<Mode, String> MODES = loadModes();
  private static final List<Exercise> EXERCISES = load("knowledge/exercises.json", new TypeReference<>() { });
  private static final List<Topic> TOPICS = load("knowledge/topics.json", new TypeReference<>() { });
  /** The German and French exercises and topics ({@code exercises.de.json}, ...): same ids, their own words. */
  private static final Map<String, List<Exercise>> EXERCISES_IN = Map.of("de",
      load("knowledge/exercises.de.json", new TypeReference<List<Exercise>>() { }), "fr",
      load("knowledge/exercises.fr.json", new TypeReference<List<Exercise>>() { }));
  private static final Map<String, List<Topic>> TOPICS_IN = Map.of("de",
      load("knowledge/topics.de.json", new TypeReference<List<Topic>>() { }), "fr",
      load("knowledge/topics.fr.json", new TypeReference<List<Topic>>() { }));

  private Knowledge() {
  }

  public static String forMode(Mode mode) {
    return MODES.get(mode);
  }

  public static List<Exercise> exercises() {
    return EXERCISES;
  }

  public static List<Topic> topics() {
    return TOPICS;
  }

  public static Exercise exercise(String id) {
    return EXERCISES.stream().filter(e -> e.id().equals(id)).findFirst().orElse(null);
  }

  /** The exercise {@code id} in {@code lang} ({@code de}, {@code fr}; else English), or null. */
  public static Exercise exercise(String id, String lang) {
    return EXERCISES_IN.getOrDefault(lang, EXERCISES).stream().filter(e -> e.id().equals(id)).findFirst()
        .orElse(exercise(id));
  }

  /** The exercise whose keywords (in any language) the message mentions most, else box breathing; English. */
  public static Exercise exerciseFor(String message) {
    Exercise found = best(EXERCISES, message, e -> keywords(e.id(), e.keywords(), EXERCISES_IN, Exercise::id,
        Exercise::keywords), EXERCISES.getFirst());
    return found;
  }

  /** The topic whose keywords the message mentions most, or null. */
  public static Topic topicFor(String message) {
    return best(TOPICS, message, Topic::keywords, null);
  }

  /** The topic whose keywords (in any language) the message mentions most, in {@code lang}, or null. */
  public static Topic topicFor(String message, String lang) {
    Topic t = best(TOPICS, message, x -> keywords(x.id(), x.keywords(), TOPICS_IN, Topic::id, Topic::keywords), null);
    if (t == null) {
      return null;
    }
    return TOPICS_IN.getOrDefault(lang, TOPICS).stream().filter(x -> x.id().equals(t.id())).findFirst().orElse(t);
  }

  /** The English keywords of item {@code id} and those of its German and French versions. */
  private static <T> List<String> keywords(String id, List<String> english, Map<String, List<T>> other,
                                           java.util.function.Function<T, String> idOf,
                                           java.util.function.Function<T, List<String>> keywordsOf) {
    List<String> all = new java.util.ArrayList<>(english);
    other.values().forEach(items -> items.stream().filter(i -> idOf.apply(i).equals(id))
        .forEach(i -> all.addAll(keywordsOf.apply(i))));
    return all;
  }

  private static <T> T best(List<T> items, String message, java.util.function.Function<T, List<String>> keywords, T none) {
    String text = message.toLowerCase(Locale.ROOT);
    T best = none;
    int bestHits = 0;
    for (T item : items) {
      int hits = (int) keywords.apply(item).stream().filter(text::contains).count();
      if (hits > bestHits) {
        best = item;
        bestHits = hits;
      }
    }
    return best;
  }

  private static Map<Mode, String> loadModes() {
    Map<Mode, String> out = new EnumMap<>(Mode.class);
    for (Mode m : Mode.values()) {
      try (InputStream in = open("knowledge/response_modes/" + m.node() + ".md")) {
        out.put(m, new String(in.readAllBytes(), StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  private static <T> T load(String path, TypeReference<T> type) {
    try (InputStream in = open(path)) {
      return JSON.readValue(in, type);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static InputStream open(String path) {
    InputStream in = Knowledge.class.getResourceAsStream("/dev/trellis/apps/opencouch/" + path);
    if (in == null) {
      throw new IllegalStateException("missing knowledge file " + path);
    }
    return in;
  }
}
