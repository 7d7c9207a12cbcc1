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
}
