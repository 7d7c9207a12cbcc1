package dev.trellis.agent.middleware;

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
import java.util.Set;

/**
 * Summarises old messages when the conversation grows past a token budget (LangChain's
 * {@code SummarizationMiddleware}): before a model call, if the messages count at least
 * {@code triggerTokens}, all but the most recent messages are replaced in state by one human
 * message holding a summary written by {@code model}. What is kept is either the last
 * {@code keepMessages} messages (LangChain's default, {@code keep=("messages", n)}) or, with
 * {@link #keepingTokens}, the longest tail that fits in a token budget
 * ({@code keep=("tokens", n)}). The cut never separates an AI message's tool calls from their
 * tool results: it moves earlier until it does not.
 */
public final class Summarization implements AgentMiddleware {
  /** How the summary is introduced to the model. */
  public static final String SUMMARY_PREFIX = "Here is a summary of the conversation to date:\n\n";
  static final String PROMPT = "Summarise the conversation below so that an assistant can carry on from it. "
      + "Keep names, numbers, decisions and open questions; leave out pleasantries.";

  private final ChatModel model;
  private final long triggerTokens;
  private final int keepMessages;
  private final long keepTokens;
  private final TokenCounter counter;

  public Summarization(ChatModel model, long triggerTokens, int keepMessages, TokenCounter counter) {
    this(model, triggerTokens, keepMessages, -1, counter);
  }

  private Summarization(ChatModel model, long triggerTokens, int keepMessages, long keepTokens, TokenCounter counter) {
    if (triggerTokens <= 0 || keepMessages < 0) {
      throw new IllegalArgumentException("triggerTokens must be positive and keepMessages not negative");
    }
    this.model = model;
    this.triggerTokens = triggerTokens;
    this.keepMessages = keepMessages;
    this.keepTokens = keepTokens;
    this.counter = counter;
  }

  /**
   * Summarises past {@code triggerTokens} and keeps the newest messages that together count
   * at most {@code keepTokens} (never splitting a tool call from its result).
   */
  public static Summarization keepingTokens(ChatModel model, long triggerTokens, long keepTokens, TokenCounter counter) {
    if (keepTokens < 0 || keepTokens >= triggerTokens) {
      throw new IllegalArgumentException("keepTokens must be at least 0 and below triggerTokens (" + triggerTokens + ")");
    }
    return new Summarization(model, triggerTokens, 0, keepTokens, counter);
  }

  public Summarization(ChatModel model, long triggerTokens, int keepMessages) {
    this(model, triggerTokens, keepMessages, TokenCounter.APPROXIMATE);
  }

  @Override
  public String name() {
    return "SummarizationMiddleware";
  }

  @Override
  @SuppressWarnings("unchecked")
  public Update beforeModel(State state, Runtime rt) throws Exception {
    List<Message> messages = (List<Message>) state.get(Messages.KEY.name());
    if (messages == null || counter.count(messages) < triggerTokens) {
      return null;
    }
    int cut = safeCut(messages, keepTokens < 0 ? Math.max(0, messages.size() - keepMessages) : tokenCut(messages));
    if (cut <= 0) {
      return null;
    }
    List<Message> old = messages.subList(0, cut);
    List<Message> request = new ArrayList<>();
    request.add(Message.system(PROMPT));
    StringBuilder transcript = new StringBuilder();
    for (Message m : old) {
      transcript.append(role(m)).append(": ").append(m.text());
      if (m instanceof Message.Ai ai && !ai.toolCalls().isEmpty()) {
        transcript.append(" [calls ").append(ai.toolCalls().stream().map(c -> c.name() + c.args()).toList()).append(']');
      }
      transcript.append('\n');
    }
    request.add(Message.human(transcript.toString()));
    String summary = model.chat(new ChatRequest(request, List.of())).text();
    List<Message> update = new ArrayList<>();
    update.add(new Message.Remove(Messages.REMOVE_ALL));
    update.add(Message.human(SUMMARY_PREFIX + summary));
    update.addAll(messages.subList(cut, messages.size()));
    return Update.of(Messages.KEY, update);
  }

  /** The earliest index from which the tail of {@code messages} fits in {@code keepTokens}. */
  private int tokenCut(List<Message> messages) {
    int cut = messages.size();
    while (cut > 0 && counter.count(messages.subList(cut - 1, messages.size())) <= keepTokens) {
      cut--;
    }
    return cut;
  }

  /** The latest cut at or before {@code cut} that keeps every tool call with its result. */
  static int safeCut(List<Message> messages, int cut) {
    for (int c = cut; c > 0; c--) {
      Set<String> before = new HashSet<>();
      for (Message m : messages.subList(0, c)) {
        if (m instanceof Message.Ai ai) {
          ai.toolCalls().forEach(tc -> before.add(tc.id()));
        }
      }
      boolean split = false;
      for (Message m : messages.subList(c, messages.size())) {
        if (m instanceof Message.Tool t && before.contains(t.toolCallId())) {
          split = true;
          break;
        }
      }
      if (!split) {
        return c;
      }
    }
    return 0;
  }

  private static String role(Message m) {
    return switch (m) {
      case Message.Human h -> "User";
      case Message.Ai a -> "Assistant";
      case Message.Tool t -> "Tool " + t.name();
      case Message.System s -> "System";
      case Message.Remove r -> "Removed";
    };
  }
}
