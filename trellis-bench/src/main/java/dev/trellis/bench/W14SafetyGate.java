package dev.trellis.bench;

import dev.trellis.agent.message.Message;
import dev.trellis.safety.SafetyClassifier;
import dev.trellis.safety.Verdict;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * W14: one turn of trellis-safety's classifier without a model (issue 32's budget: under 30 ms
 * a turn), the standard classifier (lexicons + the MiniLM head) and the lexicons alone, with six
 * history messages. The worst cases: messages no lexicon phrase decides, so the head runs — a
 * short one, a long one (the head embeds the whole and each two-sentence window: seven texts) —
 * a crisis message the lexicon decides (the head is skipped), and a language it cannot read.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class W14SafetyGate {
  static final List<Message> HISTORY = List.of(Message.human("hi"), Message.ai("Hello, how are you today?"),
      Message.human("work has been a lot this week"), Message.ai("That sounds tiring. What has been hardest?"),
      Message.human("the deadlines mostly"), Message.ai("Deadlines can pile up. Tell me more."));

  @Param({"standard", "lexicon"})
  public String classifier;

  @Param({"short", "long", "lexicon_hit", "unreadable"})
  public String message;

  SafetyClassifier safety;
  String text;

  @Setup
  public void setUp() {
    safety = classifier.equals("standard") ? SafetyClassifier.standard() : SafetyClassifier.lexiconOnly();
    text = switch (message) {
      case "short" -> "work was long and my manager keeps adding tasks";
      case "long" -> "So today was mostly okay. I went to class and had lunch with a friend. Then my mom called and "
          + "we argued about my grades again. Honestly I have been feeling flat since the weekend. Anyway I finished my "
          + "essay. I watched two episodes of my show before bed. Tomorrow I have practice. Then dinner at my aunt's.";
      case "lexicon_hit" -> "nobody would even notice if I was gone";
      default -> "Bugün kendimi çok yalnız hissediyorum";
    };
  }

  @Benchmark
  public Verdict classify() {
    return safety.classify(text, HISTORY, "en-US");
  }
}
