package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.safety.train.Example;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The held-out sets of {@code blind/} are never trained on: no message of theirs equals a corpus
 * message once case, spacing and surrounding punctuation are ignored. A failure names the corpus
 * entries (never the held-out texts): remove them from the corpus, not from the held-out set.
 */
class HeldOutSeparationTest {
  private static final Pattern SPACE = Pattern.compile("(?U)\\s+");
  private static final Pattern SURROUNDING = Pattern.compile("(?U)^[\\p{P}\\s]+|[\\p{P}\\s]+$");

  /** Lower-cased, whitespace runs made one space, punctuation and spaces at either end dropped. */
  static String normalised(String text) {
    String spaced = SPACE.matcher(text.toLowerCase(Locale.ROOT)).replaceAll(" ");
    return SURROUNDING.matcher(spaced).replaceAll("");
  }

  /**
   * What makes two examples the same message: the normalised text, and for a message in a conversation its history too
   * ("ok" after "I want to die" is not the corpus's "ok" on its own).
   */
  static String key(Example e) {
    StringBuilder b = new StringBuilder(normalised(e.text()));
    e.history().forEach(m -> b.append(" || ").append(m instanceof dev.trellis.agent.message.Message.Human ? "user: " : "ai: ")
        .append(normalised(m.text())));
    return b.toString();
  }

  /** The ids of the corpus examples that are the same message ({@link #key}) as one of {@code heldOut}'s. */
  static List<String> shared(List<Example> corpus, List<Example> heldOut) {
    Set<String> held = new HashSet<>();
    heldOut.forEach(e -> held.add(key(e)));
    return corpus.stream().filter(e -> held.contains(key(e))).map(Example::id).toList();
  }

  /** Where the held-out sets are: the source directory, so a set moved into the corpus is not read from a stale copy. */
  static final Path BLIND = Path.of("src/test/resources/dev/trellis/safety/blind");

  /** The held-out sets of {@code dir}; none when it holds none or is absent (between rounds). */
  static List<Path> heldOutFiles(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void noHeldOutMessageIsInTheCorpus() {
    List<Example> corpus = Example.readDir(Path.of("corpus"));
    List<Path> files = heldOutFiles(BLIND);
    assertTrue(Files.isDirectory(BLIND), BLIND.toAbsolutePath() + " (its README says what goes there) is missing");
    // between rounds the lead takes the scored sets into the corpus and adds the next ones himself
    Assumptions.assumeFalse(files.isEmpty(), "no held-out set in blind/ yet");
    List<String> failures = new ArrayList<>();
    for (Path file : files) {
      List<Example> set = Example.read(file);
      assertTrue(set.size() >= 100, file.getFileName() + " has " + set.size() + " messages");
      List<String> ids = shared(corpus, set);
      if (!ids.isEmpty()) {
        failures.add(ids.size() + " corpus entries equal a message of " + file.getFileName() + ": " + ids);
      }
    }
    assertTrue(failures.isEmpty(), String.join("; ", failures));
  }

  @Test
  void everyJsonlFileOfTheDirectoryIsAHeldOutSet(@TempDir Path dir) throws IOException {
    assertEquals(List.of(), heldOutFiles(dir.resolve("absent")));
    Files.writeString(dir.resolve("README.md"), "not a set");
    assertEquals(List.of(), heldOutFiles(dir));
    Files.writeString(dir.resolve("setB.jsonl"), "");
    Files.writeString(dir.resolve("setA.jsonl"), "");
    assertEquals(List.of(dir.resolve("setA.jsonl"), dir.resolve("setB.jsonl")), heldOutFiles(dir));
  }

  @Test
  void aReplyInAConversationIsNotTheSameMessageAsTheReplyAlone() {
    Example alone = new Example("c1", "ok", RiskClass.NONE, "en-US", false, List.of());
    Example answering = new Example("h1", "OK!", RiskClass.PASSIVE_IDEATION, "en-US", true,
        List.of(dev.trellis.agent.message.Message.human("I wish I was dead")));
    Example sameConversation = new Example("c2", "ok", RiskClass.PASSIVE_IDEATION, "en-US", true,
        List.of(dev.trellis.agent.message.Message.human("i wish i was dead.")));
    assertEquals(List.of(), shared(List.of(alone), List.of(answering)));
    assertEquals(List.of("c2"), shared(List.of(alone, sameConversation), List.of(answering)));
  }

  @Test
  void messagesDifferingOnlyInCaseSpacingOrSurroundingPunctuationAreTheSame() {
    assertEquals("ich wünschte, ich wäre weg", normalised("  Ich  wünschte,\tich WÄRE weg…\n"));
    assertEquals(normalised("ok"), normalised("OK?!"));
    assertEquals(normalised("« salut »"), normalised("Salut"));
    List<Example> corpus = List.of(example("c1", "Everyone would be better off   without me."),
        example("c2", "everyone would be better off with me"), example("c3", "hi"));
    List<Example> heldOut = List.of(example("h1", "\"everyone would be better off without me\""),
        example("h2", "Hi!"));
    assertEquals(List.of("c1", "c3"), shared(corpus, heldOut));
  }

  private static Example example(String id, String text) {
    return new Example(id, text, RiskClass.NONE, "en-US", false, List.of());
  }
}
