package dev.trellis.agent.message;

import dev.trellis.graph.Key;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BinaryOperator;

/**
 * The {@code messages} reducer (LangGraph's {@code add_messages}) and the ready-made key.
 *
 * <p>Merging {@code right} into {@code left}: messages without an id get a random one; a
 * message whose id is already present replaces it in place; {@link Message.Remove} deletes
 * the message with its id (an unknown id is an error); {@code Remove(REMOVE_ALL)} drops
 * everything before it; anything else is appended. The result is unmodifiable.
 */
public final class Messages {
  /** The id of a {@link Message.Remove} that clears the whole list. */
  public static final String REMOVE_ALL = "__remove_all__";

  /** The reducer as a value, for {@code Key.reducing}. */
  public static final BinaryOperator<List<Message>> ADD = Messages::add;

  /**
   * A {@code messages} key with the reducer: the schema of {@code MessagesState}. A message a
   * node writes without an id gets one when the node finishes, before the update is streamed
   * or saved, so the {@code updates} and {@code messages} streams show the id the state keeps.
   */
  @SuppressWarnings("unchecked")
  public static final Key<List<Message>> KEY = Key.reducing("messages", (Class<List<Message>>) (Class<?>) List.class,
      ADD, List::of, Messages::withIds);

  /** LangGraph's {@code MessagesState}: a schema with just the {@code messages} key. */
  public static final dev.trellis.graph.Schema SCHEMA = dev.trellis.graph.Schema.of(KEY);

  private Messages() {}

  public static List<Message> add(List<Message> left, List<Message> right) {
    List<Message> r = withIds(right);
    for (int i = r.size() - 1; i >= 0; i--) {
      if (r.get(i) instanceof Message.Remove rm && rm.id().equals(REMOVE_ALL)) {
        return Collections.unmodifiableList(new ArrayList<>(r.subList(i + 1, r.size())));
      }
    }
    // The usual write appends new messages: on a list this reducer returned, that costs what is appended.
    boolean plain = MessageList.distinct(r);
    if (plain && left instanceof MessageList ml) {
      MessageList appended = ml.append(r);
      if (appended != null) {
        return appended;
      }
    }
    List<Message> l = left instanceof MessageList ? left : withIds(left);
    if (plain && MessageList.distinct(l)) {
      MessageList appended = MessageList.of(l).append(r);
      if (appended != null) {
        return appended;
      }
    }
    Map<String, Integer> index = new LinkedHashMap<>();
    List<Message> merged = new ArrayList<>(l);
    for (int i = 0; i < merged.size(); i++) {
      index.put(merged.get(i).id(), i);
    }
    List<String> removed = new ArrayList<>();
    for (Message m : r) {
      Integer at = index.get(m.id());
      if (m instanceof Message.Remove) {
        if (at == null) {
          throw new IllegalArgumentException("cannot remove message \"" + m.id() + "\": no message has that id");
        }
        removed.add(m.id());
      } else if (at != null) {
        merged.set(at, m);
      } else {
        index.put(m.id(), merged.size());
        merged.add(m);
      }
    }
    merged.removeIf(m -> removed.contains(m.id()));
    return MessageList.distinct(merged) ? MessageList.of(merged) : Collections.unmodifiableList(merged);
  }

  /**
   * Gives every message an id; like LangGraph's {@code add_messages}, also accepts wire dicts
   * ({@code {type|role, content}}) and strings (human messages), e.g. from an HTTP client.
   */
  private static List<Message> withIds(List<?> messages) {
    List<Message> out = new ArrayList<>(messages.size());
    for (Object o : messages) {
      Message m = MessageWire.from(o);
      out.add(m.id() != null ? m : switch (m) {
        case Message.System s -> new Message.System(newId(), s.text());
        case Message.Human h -> new Message.Human(newId(), h.text());
        case Message.Ai a -> new Message.Ai(newId(), a.text(), a.toolCalls(), a.usage());
        case Message.Tool t -> new Message.Tool(newId(), t.text(), t.toolCallId(), t.name(), t.error());
        case Message.Remove r -> r;
      });
    }
    return out;
  }

  /**
   * Pushes a whole message from inside any node (LangGraph's {@code push_message}): gives it
   * an id if it has none, emits it on the {@code messages} stream mode at once
   * ({@code StreamPart.PushedMessage}), writes it to the {@code messages} key (as if the node
   * had returned it, before its own update) and returns it with its id — one id in the stream
   * and in state.
   */
  public static Message push(dev.trellis.runtime.Runtime rt, Message message) {
    return push(rt, message, KEY.name());
  }

  /** {@link #push(dev.trellis.runtime.Runtime, Message)} to another messages key. */
  public static Message push(dev.trellis.runtime.Runtime rt, Message message, String stateKey) {
    Message m = withIds(List.of(message)).getFirst();
    rt.emitMessage(m);
    rt.writeState(stateKey, List.of(m));
    return m;
  }

  private static String newId() {
    return UUID.randomUUID().toString();
  }

  /** The last message, or null. */
  public static Message last(List<Message> messages) {
    return messages == null || messages.isEmpty() ? null : messages.getLast();
  }

  /**
   * The calls of {@code ai} that no tool message of {@code messages} answers (by
   * {@code tool_call_id}, anywhere in the list, as LangChain's agent checks); on a list
   * {@link #add} built this costs the calls, not the list's length.
   */
  public static List<Message.ToolCall> unanswered(List<Message> messages, Message.Ai ai) {
    if (messages instanceof MessageList ml) {
      return ai.toolCalls().stream().filter(c -> !ml.answers(c.id())).toList();
    }
    java.util.Set<String> answered = new java.util.HashSet<>();
    for (Message m : messages) {
      if (m instanceof Message.Tool t) {
        answered.add(t.toolCallId());
      }
    }
    return ai.toolCalls().stream().filter(c -> !answered.contains(c.id())).toList();
  }

  /** The AI message that ends the state's {@code messages} when it calls tools, else null: what a tools step is about to run. */
  @SuppressWarnings("unchecked")
  public static Message.Ai pendingToolCalls(dev.trellis.graph.State state) {
    return last((List<Message>) state.get(KEY.name())) instanceof Message.Ai ai && !ai.toolCalls().isEmpty() ? ai : null;
  }
}
