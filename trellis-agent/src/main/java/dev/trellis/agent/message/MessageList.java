package dev.trellis.agent.message;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * The unmodifiable list {@link Messages#add} returns: every message has an id, and appending
 * messages with new ids costs what is appended, not the list's length. Lists appended from one
 * another share one array and one id index (positions are the same in all of them); a list
 * sees the first {@code size} slots only, which never change once written. The first append
 * to a list extends the shared array in place; appending to an older list of the same family
 * (a fork, a router's look-ahead, a second branch) copies the slots, not the index. All appends
 * of a family hold its lock; readers do not. A family also indexes the tool calls its tool
 * messages answer, so finding a step's unanswered calls costs the calls, not the list.
 */
final class MessageList extends AbstractList<Message> implements RandomAccess {
  /** How many forks a family's id index may chain before a fork indexes all its ids again. */
  private static final int MAX_DEPTH = 64;

  /**
   * What a family of lists shares: its slots, how many are taken, and the position of each id.
   * A family forked from another (an append to an older list) copies the slots but indexes only
   * the ids from {@code base} on and asks its parent for the ones before.
   */
  private static final class Family {
    Message[] items;
    int taken;
    final Map<String, Integer> index;
    /** Tool call id → position of the first tool message answering it, for positions from {@code base} on. */
    final Map<String, Integer> answers = new HashMap<>();
    final Family parent;
    final int base;
    final int depth;

    Family(Message[] items, int taken, Family parent, int base) {
      this.items = items;
      this.taken = taken;
      this.parent = parent;
      this.base = base;
      this.depth = parent == null ? 0 : parent.depth + 1;
      this.index = new HashMap<>(Math.max(16, (taken - base) * 2));
      for (int i = base; i < taken; i++) {
        put(i);
      }
    }

    void put(int i) {
      index.put(items[i].id(), i);
      if (items[i] instanceof Message.Tool t) {
        answers.putIfAbsent(t.toolCallId(), i);
      }
    }

    /** The position of the first tool message answering {@code callId}, or null; the caller holds this family's lock. */
    Integer answer(String callId) {
      if (parent != null) {
        Integer before;
        synchronized (parent) {
          before = parent.answer(callId);
        }
        if (before != null && before < base) {
          return before;
        }
      }
      return answers.get(callId);
    }

    /** The position of {@code id} in this family's slots, or null; the caller holds this family's lock. */
    Integer position(String id) {
      Integer at = index.get(id);
      if (at != null || parent == null) {
        return at;
      }
      synchronized (parent) {
        at = parent.position(id);
      }
      return at != null && at < base ? at : null;
    }
  }

  private final Family family;
  private final Message[] items;
  private final int size;

  private MessageList(Family family, Message[] items, int size) {
    this.family = family;
    this.items = items;
    this.size = size;
  }

  /** A new family holding {@code messages} (all with ids, each id once). */
  static MessageList of(List<Message> messages) {
    Message[] items = messages.toArray(new Message[Math.max(8, messages.size() + messages.size() / 2)]);
    return new MessageList(new Family(items, messages.size(), null, 0), items, messages.size());
  }

  /** Whether {@code messages} has no duplicate ids, so it can start a family; false if it holds a {@link Message.Remove}. */
  static boolean distinct(List<Message> messages) {
    java.util.Set<String> ids = new java.util.HashSet<>();
    for (Message m : messages) {
      if (m instanceof Message.Remove || !ids.add(m.id())) {
        return false;
      }
    }
    return true;
  }

  /**
   * This list followed by {@code more} (messages with ids, none a {@link Message.Remove}, no id
   * twice), or null when an id of {@code more} is already in this list (the caller merges).
   */
  MessageList append(List<Message> more) {
    int m = more.size();
    if (m == 0) {
      return this;
    }
    synchronized (family) {
      for (Message msg : more) {
        Integer at = family.position(msg.id());
        if (at != null && at < size) {
          return null;
        }
      }
      if (family.taken == size) {
        if (family.items.length < size + m) {
          family.items = Arrays.copyOf(family.items, Math.max(family.items.length * 2, size + m));
        }
        for (int i = 0; i < m; i++) {
          family.items[size + i] = more.get(i);
          family.put(size + i);
        }
        family.taken = size + m;
        return new MessageList(family, family.items, size + m);
      }
      if (family.taken >= size + m && sameAsTaken(more)) {
        return new MessageList(family, family.items, size + m); // the same append again (a router's look-ahead, then the step)
      }
    }
    Message[] copy = Arrays.copyOf(items, Math.max(8, (size + m) * 3 / 2));
    for (int i = 0; i < m; i++) {
      copy[size + i] = more.get(i);
    }
    Family fork = family.depth < MAX_DEPTH ? new Family(copy, size + m, family, size) : new Family(copy, size + m, null, 0);
    return new MessageList(fork, copy, size + m);
  }

  /** Whether a tool message of this list answers {@code callId}. */
  boolean answers(String callId) {
    Integer at;
    synchronized (family) {
      at = family.answer(callId);
    }
    return at != null && at < size;
  }

  private boolean sameAsTaken(List<Message> more) {
    for (int i = 0; i < more.size(); i++) {
      if (family.items[size + i] != more.get(i)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public Message get(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException("index " + i + " of " + size);
    }
    return items[i];
  }

  @Override
  public int size() {
    return size;
  }
}
