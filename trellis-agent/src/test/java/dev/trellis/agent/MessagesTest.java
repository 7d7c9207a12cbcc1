package dev.trellis.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The add_messages reducer. */
class MessagesTest {
  @Test
  void appendsAndAssignsIds() {
    List<Message> out = Messages.add(List.of(), List.of(Message.human("hi"), Message.ai("hello")));
    assertEquals(2, out.size());
    assertNotNull(out.get(0).id());
    assertNotNull(out.get(1).id());
  }

  @Test
  void aMessageWithAKnownIdReplacesItInPlace() {
    List<Message> base = List.of(new Message.Human("1", "a"), new Message.Human("2", "b"));
    List<Message> out = Messages.add(base, List.of(new Message.Human("1", "A")));
    assertEquals(List.of("A", "b"), out.stream().map(Message::text).toList());
  }

  @Test
  void removeDeletesByIdAndRemoveAllClears() {
    List<Message> base = List.of(new Message.Human("1", "a"), new Message.Human("2", "b"));
    assertEquals(List.of("b"), Messages.add(base, List.of(new Message.Remove("1"))).stream().map(Message::text).toList());
    assertEquals(List.of("fresh"), Messages.add(base, List.of(new Message.Remove(Messages.REMOVE_ALL),
        new Message.Human("3", "fresh"))).stream().map(Message::text).toList());
  }

  @Test
  void removingAnUnknownIdIsAnError() {
    assertThrows(IllegalArgumentException.class, () -> Messages.add(List.of(), List.of(new Message.Remove("nope"))));
  }

  private static Message h(String id, String text) {
    return new Message.Human(id, text);
  }

  private static List<String> texts(List<Message> messages) {
    return messages.stream().map(Message::text).toList();
  }

  @Test
  void appendingToAnOlderListLeavesTheListsAppendedFromItUnchanged() {
    List<Message> a = Messages.add(List.of(), List.of(h("1", "a")));
    List<Message> b = Messages.add(a, List.of(h("2", "b")));
    List<Message> c = Messages.add(a, List.of(h("3", "c"), h("4", "d")));
    List<Message> d = Messages.add(b, List.of(h("5", "e")));
    assertEquals(List.of("a"), texts(a));
    assertEquals(List.of("a", "b"), texts(b));
    assertEquals(List.of("a", "c", "d"), texts(c));
    assertEquals(List.of("a", "b", "e"), texts(d));
    assertEquals(List.of("a", "c", "d", "f"), texts(Messages.add(c, List.of(h("6", "f")))));
  }

  @Test
  void anIdAppendedOnlyInASiblingListIsNewToThisOne() {
    List<Message> a = Messages.add(List.of(), List.of(h("1", "a")));
    List<Message> b = Messages.add(a, List.of(h("2", "b")));
    List<Message> c = Messages.add(a, List.of(h("2", "other")));
    assertEquals(List.of("a", "b"), texts(b));
    assertEquals(List.of("a", "other"), texts(c));
    assertEquals(List.of("a", "B"), texts(Messages.add(b, List.of(h("2", "B")))), "an id in the list replaces in place");
    assertEquals(List.of("a", "b"), texts(b));
  }

  @Test
  void theSameAppendTwiceGivesEqualListsThatGrowApart() {
    List<Message> a = Messages.add(List.of(), List.of(h("1", "a")));
    List<Message> step = List.of(h("2", "b"));
    List<Message> lookAhead = Messages.add(a, step);
    List<Message> applied = Messages.add(a, step);
    assertEquals(lookAhead, applied);
    List<Message> x = Messages.add(applied, List.of(h("3", "x")));
    List<Message> y = Messages.add(lookAhead, List.of(h("4", "y")));
    assertEquals(List.of("a", "b", "x"), texts(x));
    assertEquals(List.of("a", "b", "y"), texts(y));
  }

  @Test
  void duplicateIdsInOneWriteKeepTheLastInTheFirstsPlace() {
    List<Message> a = Messages.add(List.of(), List.of(h("1", "a")));
    assertEquals(List.of("a", "c"), texts(Messages.add(a, List.of(h("2", "b"), h("2", "c")))));
  }

  @Test
  void concurrentAppendsToOneListEachSeeTheirOwnMessages() throws Exception {
    List<Message> base = Messages.add(List.of(), List.of(h("0", "base")));
    int n = 16;
    List<java.util.concurrent.Future<List<Message>>> results = new java.util.ArrayList<>();
    try (var pool = java.util.concurrent.Executors.newFixedThreadPool(4)) {
      for (int t = 0; t < n; t++) {
        int id = t;
        results.add(pool.submit(() -> {
          List<Message> l = base;
          for (int i = 0; i < 50; i++) {
            l = Messages.add(l, List.of(h(id + "-" + i, "m" + i)));
          }
          return l;
        }));
      }
      for (int t = 0; t < n; t++) {
        List<Message> l = results.get(t).get();
        assertEquals(51, l.size());
        assertEquals("base", l.getFirst().text());
        for (int i = 0; i < 50; i++) {
          assertEquals(t + "-" + i, l.get(i + 1).id());
        }
      }
    }
    assertEquals(1, base.size());
  }

  @Test
  void aLongChainOfForksStillFindsEveryIdItHolds() {
    List<Message> l = Messages.add(List.of(), List.of(h("0", "first")));
    for (int i = 1; i <= 150; i++) {
      Messages.add(l, List.of(h("sibling-" + i, "x"))); // takes the slots first: l's own append forks
      l = Messages.add(l, List.of(h(String.valueOf(i), "m" + i)));
    }
    assertEquals(151, l.size());
    List<Message> replaced = Messages.add(l, List.of(h("0", "FIRST"), h("75", "M75")));
    assertEquals(151, replaced.size());
    assertEquals("FIRST", replaced.getFirst().text());
    assertEquals("M75", replaced.get(75).text());
    assertEquals(152, Messages.add(l, List.of(h("sibling-3", "new here"))).size(), "a sibling's id is not in this list");
  }

  private static Message.Tool answer(String id, String callId) {
    return new Message.Tool(id, "done", callId, "lookup", false);
  }

  private static List<String> unanswered(List<Message> messages, Message.Ai ai) {
    return Messages.unanswered(messages, ai).stream().map(Message.ToolCall::id).toList();
  }

  @Test
  void unansweredCallsAreThoseNoToolMessageOfThisListAnswersAcrossForksAndSiblings() {
    Message.Ai ai = new Message.Ai("ai", "", List.of(new Message.ToolCall("c1", "lookup", java.util.Map.of()),
        new Message.ToolCall("c2", "lookup", java.util.Map.of()), new Message.ToolCall("c3", "lookup", java.util.Map.of())), null);
    List<Message> asked = Messages.add(List.of(), List.of(h("q", "question"), answer("old", "c3"), ai));
    assertEquals(List.of("c1", "c2"), unanswered(asked, ai), "an answer anywhere in the list counts, as in LangChain");
    List<Message> one = Messages.add(asked, List.of(answer("t1", "c1")));
    List<Message> sibling = Messages.add(asked, List.of(answer("t2", "c2"))); // forks: one took the slots
    assertEquals(List.of("c2"), unanswered(one, ai));
    assertEquals(List.of("c1"), unanswered(sibling, ai));
    assertEquals(List.of("c1", "c2"), unanswered(asked, ai), "the lists appended from it do not change it");
    assertEquals(List.of(), unanswered(Messages.add(sibling, List.of(answer("t3", "c1"))), ai));
    List<Message> plain = new java.util.ArrayList<>(one);
    assertEquals(unanswered(one, ai), unanswered(plain, ai), "a plain list gives the same answer by a scan");
  }
}
