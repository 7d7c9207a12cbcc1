package dev.trellis.cli;

import dev.trellis.apps.opencouch.MemoryMode;
import dev.trellis.apps.opencouch.chat.Chat;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code trellis chat opencouch}: the OpenCouch terminal chat on a SQLite file (by default the
 * one {@code trellis serve} uses), the session kept across restarts.
 */
@Command(name = "chat", mixinStandardHelpOptions = true, description = "Chat with a reference application in the terminal (opencouch).")
final class ChatCommand implements Callable<Integer> {
  @Parameters(index = "0", description = "the application: opencouch")
  String app;

  @Option(names = "--db", description = "SQLite file (default: trellis.db, the file trellis serve uses)", defaultValue = "trellis.db")
  Path db;

  @Option(names = "--user", description = "who is chatting (default: $USER)")
  String user;

  @Option(names = "--memory-mode", defaultValue = "persistent", description = "off, session or persistent")
  String memoryMode;

  @Override
  public Integer call() throws Exception {
    if (!app.equals("opencouch")) {
      System.err.println("no terminal chat for \"" + app + "\"; the apps with one: opencouch");
      return 2;
    }
    MemoryMode mode;
    try {
      mode = MemoryMode.parse(memoryMode);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      return 2;
    }
    // the embedding model's native loaders log at INFO/WARN; a chat screen is not a server log
    ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("ai.djl")).setLevel(ch.qos.logback.classic.Level.ERROR);
    String who = user != null ? user : System.getenv().getOrDefault("USER", "me");
    try (Chat chat = new Chat(db, who, mode)) {
      chat.run(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), System.out);
    }
    return 0;
  }
}
