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
 * history messages. The head runs on every message but an override without a cue of concern for
 * someone else: a short English one (ten words or fewer, so it is also read after the user's
 * previous message: two texts), a long one (the whole and each two-sentence window: seven texts),
 * German and French ones, a crisis a (non-override) lexicon phrase finds (the head checks for
 * concern for someone else or an idiom), an override (the head is skipped), and languages it
 * cannot read in Latin and in another script.
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

  @Param({"short", "long", "german", "french", "lexicon_hit", "override", "unreadable", "unreadable_script"})
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
      case "german" -> "Heute war die Arbeit anstrengend und mein Chef hat mir noch mehr Aufgaben gegeben, ich bin "
          + "einfach müde und will nur noch auf das Sofa";
      case "french" -> "La journée a été longue, mon chef m'a encore donné des dossiers en plus et je suis vraiment "
          + "fatiguée ce soir";
      case "lexicon_hit" -> "nobody would even notice if I was gone";
      case "override" -> "I took all my pills an hour ago";
      case "unreadable" -> "Bugün kendimi çok yalnız hissediyorum";
      default -> "最近仕事が忙しくてとても疲れています";
    };
  }

  @Benchmark
  public Verdict classify() {
    return safety.classify(text, HISTORY, "en-US");
  }
}
