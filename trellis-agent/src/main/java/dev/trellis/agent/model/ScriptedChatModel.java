package dev.trellis.agent.model;

import dev.trellis.agent.message.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A chat model that answers from a script, for tests and offline demos (no model can be
 * reached from these machines): either a fixed list of replies in order, or a function of
 * the request. Records every request; streams replies word by word.
 */
public final class ScriptedChatModel implements ChatModel {
  private final Function<ChatRequest, Message.Ai> script;
  private final List<ChatRequest> requests = new ArrayList<>();
  private final String provider;

  public ScriptedChatModel(Function<ChatRequest, Message.Ai> script) {
    this(script, null);
  }

  /** A scripted model that says it is served by {@code provider} (for provider-specific middleware). */
  public ScriptedChatModel(Function<ChatRequest, Message.Ai> script, String provider) {
    this.script = script;
    this.provider = provider;
  }

  @Override
  public String provider() {
    return provider;
  }

  /** Replies in order; a call past the end fails naming how many were scripted. */
  public static ScriptedChatModel replies(Message.Ai... replies) {
    List<Message.Ai> list = List.of(replies);
    int[] next = {0};
    return new ScriptedChatModel(req -> {
      synchronized (next) {
        if (next[0] >= list.size()) {
          throw new IllegalStateException("scripted model has only " + list.size() + " replies");
        }
        return list.get(next[0]++);
      }
    });
  }

  @Override
  public Message.Ai chat(ChatRequest request) {
    synchronized (requests) {
      requests.add(request);
    }
    return script.apply(request);
  }

  @Override
  public Message.Ai stream(ChatRequest request, Consumer<String> tokens) {
    Message.Ai ai = chat(request);
    String[] words = ai.text().split("(?<= )");
    for (String w : words) {
      if (!w.isEmpty()) {
        tokens.accept(w);
      }
    }
    return ai;
  }

  /** The requests seen so far, in order. */
  public List<ChatRequest> requests() {
    synchronized (requests) {
      return List.copyOf(requests);
    }
  }
}
