package dev.trellis.agent.middleware;

import dev.trellis.agent.observe.Observed;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Summarises old messages when the conversation grows too long (LangChain's
 * {@code SummarizationMiddleware}): before a model call, when any trigger holds (at least so
 * many tokens, so many messages, or a fraction of the model's input window), the older messages
 * are replaced in state by one human message holding a summary written by {@code model}. What is
 * kept is the last {@code n} messages (the default: 20) or the longest tail within a token budget
 * (tokens, or a fraction of the input window). The cut never separates an AI message's tool calls
 * from their results: it moves back to the AI message. The summary model gets one human message,
 * the {@link #summaryPrompt} with {@code {messages}} replaced by the summarised messages in
 * LangChain's XML transcript form ({@link Transcript}).
 */
public final class Summarization implements AgentMiddleware {
  /** How the summary is introduced to the model. */
  public static final String SUMMARY_PREFIX = "Here is a summary of the conversation to date:\n\n";
  /** The default instructions; {@code {messages}} stands for the transcript. */
  public static final String PROMPT = "Summarise the conversation below so that an assistant can carry on from it. "
      + "Keep names, numbers, decisions and open questions; leave out pleasantries.\n\n<messages>\n{messages}\n</messages>";
  static final int DEFAULT_KEEP = 20;
  static final long TRIM_TOKENS = 4000;

  /** A context size: {@code tokens}, {@code messages} or a {@code fraction} of the model's input window. */
  public record Size(String kind, double value) {
    public Size {
      if (!Set.of("tokens", "messages", "fraction").contains(kind)) {
        throw new IllegalArgumentException("a context size is tokens, messages or fraction, not " + kind);
      }
      if (kind.equals("fraction") ? !(value > 0 && value <= 1) : value <= 0) {
        throw new IllegalArgumentException(kind.equals("fraction")
            ? "a fraction must be above 0 and at most 1, got " + value : kind + " must be above 0, got " + value);
      }
    }

    public static Size tokens(long n) {
      return new Size("tokens", n);
    }

    public static Size messages(int n) {
      return new Size("messages", n);
    }

    public static Size fraction(double f) {
      return new Size("fraction", f);
    }
  }

  private final ChatModel model;
  private final List<Size> triggers;
  private final Size keep;
  private final TokenCounter counter;
  private final String summaryPrompt;
  private final Integer maxInputTokens;

  private Summarization(ChatModel model, List<Size> triggers, Size keep, TokenCounter counter, String summaryPrompt,
      Integer maxInputTokens) {
    this.model = Objects.requireNonNull(model, "model");
    this.triggers = List.copyOf(triggers);
    this.keep = Objects.requireNonNull(keep, "keep");
    this.counter = Objects.requireNonNull(counter, "counter");
    this.summaryPrompt = Objects.requireNonNull(summaryPrompt, "summaryPrompt");
    this.maxInputTokens = maxInputTokens;
  }

  /** The input window a fraction refers to; fails naming the setting when it was not given. */
  private long window() {
    if (maxInputTokens == null) {
      throw new IllegalStateException("a fraction of the context needs the model's input window: set withMaxInputTokens");
    }
    return maxInputTokens;
  }

  /** Summarises when any of {@code triggers} holds, keeping the last 20 messages. */
  public static Summarization of(ChatModel model, Size... triggers) {
    return new Summarization(model, List.of(triggers), Size.messages(DEFAULT_KEEP), TokenCounter.APPROXIMATE, PROMPT,
        null);
  }

  /** Summarises from {@code triggerTokens} tokens on, keeping the last {@code keepMessages} messages. */
  public Summarization(ChatModel model, long triggerTokens, int keepMessages, TokenCounter counter) {
    this(model, List.of(Size.tokens(triggerTokens)), Size.messages(keepMessages), counter, PROMPT, null);
  }

  public Summarization(ChatModel model, long triggerTokens, int keepMessages) {
    this(model, triggerTokens, keepMessages, TokenCounter.APPROXIMATE);
  }

  /** Summarises past {@code triggerTokens} and keeps the newest messages that together count at most {@code keepTokens}. */
  public static Summarization keepingTokens(ChatModel model, long triggerTokens, long keepTokens, TokenCounter counter) {
    return new Summarization(model, List.of(Size.tokens(triggerTokens)), Size.tokens(keepTokens), counter, PROMPT, null);
  }

  /** What is kept: the last messages, or a tail within tokens or a fraction of the input window. */
  public Summarization keep(Size size) {
    return new Summarization(model, triggers, size, counter, summaryPrompt, maxInputTokens);
  }

  /** The instructions for the summary model; {@code {messages}} is replaced by the transcript. */
  public Summarization withSummaryPrompt(String prompt) {
    return new Summarization(model, triggers, keep, counter, prompt, maxInputTokens);
  }

  public Summarization withTokenCounter(TokenCounter c) {
    return new Summarization(model, triggers, keep, c, summaryPrompt, maxInputTokens);
  }

  /** The model's input window, which fraction sizes refer to (LangChain reads it from the model's profile). */
  public Summarization withMaxInputTokens(int tokens) {
    return new Summarization(model, triggers, keep, counter, summaryPrompt, tokens);
  }

  @Override
  public String name() {
    return "SummarizationMiddleware";
  }

  @Override
  @SuppressWarnings("unchecked")
  public Update beforeModel(State state, Runtime rt) throws Exception {
    List<Message> messages = (List<Message>) state.get(Messages.KEY.name());
    if (messages == null || !due(messages, counter.count(messages))) {
      return null;
    }
    int cut = cutoff(messages);
    if (cut <= 0) {
      return null;
    }
    String summary = summarise(messages.subList(0, cut));
    List<Message> update = new ArrayList<>();
    update.add(new Message.Remove(Messages.REMOVE_ALL));
    update.add(Message.human(SUMMARY_PREFIX + summary));
    update.addAll(messages.subList(cut, messages.size()));
    return Update.of(Messages.KEY, update);
  }

  private boolean due(List<Message> messages, long tokens) {
    for (Size t : triggers) {
      boolean met = switch (t.kind()) {
        case "messages" -> messages.size() >= t.value();
        case "tokens" -> tokens >= t.value();
        default -> tokens >= Math.max(1, (long) (window() * t.value()));
      };
      if (met) {
        return true;
      }
    }
    return false;
  }

  private int cutoff(List<Message> messages) {
    if (keep.kind().equals("messages")) {
      int n = (int) keep.value();
      return messages.size() <= n ? 0 : safeCut(messages, messages.size() - n);
    }
    long target = keep.kind().equals("tokens") ? (long) keep.value() : (long) (window() * keep.value());
    return tokenCut(messages, Math.max(1, target));
  }

  /** The earliest cut (found by bisection, as LangChain does) whose tail fits in {@code target} tokens. */
  private int tokenCut(List<Message> messages, long target) {
    int n = messages.size();
    if (n == 0 || counter.count(messages) <= target) {
      return 0;
    }
    int left = 0;
    int right = n;
    int candidate = n;
    int rounds = 32 - Integer.numberOfLeadingZeros(n) + 1;
    for (int i = 0; i < rounds && left < right; i++) {
      int mid = (left + right) / 2;
      if (counter.count(messages.subList(mid, n)) <= target) {
        candidate = mid;
        right = mid;
      } else {
        left = mid + 1;
      }
    }
    if (candidate == n) {
      candidate = left;
    }
    if (candidate >= n) {
      if (n == 1) {
        return 0;
      }
      candidate = n - 1;
    }
    return safeCut(messages, candidate);
  }

  /**
   * A cut at or before {@code cut} that keeps tool calls with their results: a cut landing on tool
   * results moves back to the AI message that called them (forward past them if there is none).
   */
  static int safeCut(List<Message> messages, int cut) {
    if (cut >= messages.size() || !(messages.get(cut) instanceof Message.Tool)) {
      return cut;
    }
    Set<String> ids = new HashSet<>();
    int end = cut;
    while (end < messages.size() && messages.get(end) instanceof Message.Tool t) {
      ids.add(t.toolCallId());
      end++;
    }
    for (int i = cut - 1; i >= 0; i--) {
      if (messages.get(i) instanceof Message.Ai ai && ai.toolCalls().stream().anyMatch(c -> ids.contains(c.id()))) {
        return i;
      }
    }
    return end;
  }

  private String summarise(List<Message> old) throws Exception {
    List<Message> trimmed = trim(old);
    if (trimmed.isEmpty()) {
      return "Previous conversation was too long to summarize.";
    }
    String prompt = summaryPrompt.replace("{messages}", Transcript.xml(trimmed)).stripTrailing();
    return Observed.chat(model, new ChatRequest(List.of(Message.human(prompt)), List.of())).text().strip();
  }

  /** The newest messages within {@link #TRIM_TOKENS}, starting at a human message (LangChain's trim). */
  private List<Message> trim(List<Message> old) {
    int start = old.size();
    while (start > 0 && counter.count(old.subList(start - 1, old.size())) <= TRIM_TOKENS) {
      start--;
    }
    while (start < old.size() && !(old.get(start) instanceof Message.Human)) {
      start++;
    }
    return old.subList(start, old.size());
  }
}
