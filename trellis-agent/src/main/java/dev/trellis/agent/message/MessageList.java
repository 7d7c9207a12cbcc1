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
 * (a fork, a second branch) copies it. All appends of a family hold its lock; readers do not.
 */
final class MessageList extends AbstractList<Message> implements RandomAccess {
  /** What a family of lists shares: its slots, the position of each id, and how many slots are taken. */
  private static final class Family {
    Message[] items;
    final Map<String, Integer> index;
    int taken;

    Family(Message[] items, int taken) {
      this.items = items;
      this.taken = taken;
      this.index = new HashMap<>(Math.max(16, taken * 2));
      for (int i = 0; i < taken; i++) {
        index.put(items[i].id(), i);
      }
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
    return new MessageList(new Family(items, messages.size()), items, messages.size());
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
      if (family.taken == size) {
        for (Message msg : more) {
          Integer at = family.index.get(msg.id());
          if (at != null && at < size) {
            return null;
          }
        }
        if (family.items.length < size + m) {
          family.items = Arrays.copyOf(family.items, Math.max(family.items.length * 2, size + m));
        }
        for (int i = 0; i < m; i++) {
          family.items[size + i] = more.get(i);
          family.index.put(more.get(i).id(), size + i);
        }
        family.taken = size + m;
        return new MessageList(family, family.items, size + m);
      }
      if (family.taken >= size + m && sameAsTaken(more)) {
        return new MessageList(family, family.items, size + m); // the same append again (a router's look-ahead, then the step)
      }
    }
    for (Message msg : more) {
      if (indexOf(msg.id()) >= 0) {
        return null;
      }
    }
    Message[] copy = Arrays.copyOf(items, Math.max(8, (size + m) * 3 / 2));
    for (int i = 0; i < m; i++) {
      copy[size + i] = more.get(i);
    }
    return new MessageList(new Family(copy, size + m), copy, size + m);
  }

  private boolean sameAsTaken(List<Message> more) {
    for (int i = 0; i < more.size(); i++) {
      if (family.items[size + i] != more.get(i)) {
        return false;
      }
    }
    return true;
  }

  private int indexOf(String id) {
    for (int i = 0; i < size; i++) {
      if (items[i].id().equals(id)) {
        return i;
      }
    }
    return -1;
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
