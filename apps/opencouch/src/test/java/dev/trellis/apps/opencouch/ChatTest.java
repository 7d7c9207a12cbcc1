package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.chat.Chat;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The terminal chat driven through its stdin, as a user types: stages, streamed replies, a restart, session end. */
class ChatTest {
  static String talk(Path db, String... lines) throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    try (Chat chat = new Chat(db, "tess", MemoryMode.PERSISTENT)) {
      chat.run(new BufferedReader(new StringReader(String.join("\n", lines) + "\n")),
          new PrintStream(buf, true, StandardCharsets.UTF_8));
    }
    return buf.toString(StandardCharsets.UTF_8);
  }

  @Test
  void showsStagesStreamsRepliesKeepsTheSessionAcrossRestartsAndEndsIt() throws Exception {
    Path db = Files.createTempDirectory("opencouch-chat").resolve("chat.db");
    String first = talk(db, "hi", "My brother Sam moved to Canada and I miss him", "/quit");
    assertTrue(first.contains("New session cli-"), first);
    assertTrue(first.contains("[crisis_gate] checking in on safety…"), first);
    assertTrue(first.contains("[load_memory] remembering…"), first);
    assertTrue(first.contains("[supportive] listening…"), first);
    assertTrue(first.contains("[extract_semantic_facts] noting what matters…"), first);
    assertTrue(first.contains("couch> Hi, it's good to hear from you."), first);
    String session = first.substring(first.indexOf("New session ") + 12, first.indexOf("New session ") + 24);

    String second = talk(db, "/memory", "/end", "/quit");
    assertTrue(second.contains("Resuming session " + session + " (2 turns so far)."), second);
    assertTrue(second.contains("semantic: The user's brother is Sam."), second);
    assertTrue(second.contains("[summary] In an earlier session the user talked about family and a move."), second);
    String newSession = second.substring(second.lastIndexOf("New session ") + 12, second.lastIndexOf("New session ") + 24);
    assertNotEquals(session, newSession);

    String third = talk(db, "I really miss my brother", "/quit");
    assertTrue(third.contains("New session " + newSession) || third.contains("Resuming session " + newSession), third);
    assertTrue(third.contains("I remember that your brother is Sam."), third);
  }

  @Test
  void aCrisisMessageShowsTheCrisisStagesAndTheResources() throws Exception {
    Path db = Files.createTempDirectory("opencouch-chat").resolve("chat.db");
    String out = talk(db, "I want to die", "/quit");
    assertTrue(out.contains("[crisis_response] responding with care…"), out);
    assertTrue(out.contains("[crisis_log] recording for your safety…"), out);
    assertTrue(out.contains("988"), out);
    assertEquals(-1, out.indexOf("[load_memory]"), "no memory is loaded on the crisis branch");
  }
}
