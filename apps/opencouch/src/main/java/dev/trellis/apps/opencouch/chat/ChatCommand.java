package dev.trellis.apps.opencouch.chat;

import dev.trellis.apps.opencouch.MemoryMode;
import dev.trellis.cli.spi.AppCommand;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code trellis chat opencouch}: OpenCouch's own terminal chat ({@link Chat}: sessions kept
 * across restarts, {@code /end}, {@code /memory}) on a SQLite file, by default the one
 * {@code trellis serve} uses. OpenCouch adds it to {@code trellis} as an {@link AppCommand}.
 */
@Command(name = "opencouch", mixinStandardHelpOptions = true,
    description = "OpenCouch's terminal chat: sessions kept across restarts, /end, /memory, /quit.")
public final class ChatCommand implements AppCommand, Callable<Integer> {
  @Option(names = "--db", description = "SQLite file (default: trellis.db, the file trellis serve uses)", defaultValue = "trellis.db")
  Path db;

  @Option(names = "--user", description = "who is chatting (default: $USER)")
  String user;

  @Option(names = "--memory-mode", defaultValue = "persistent", description = "off, session or persistent")
  String memoryMode;

  @Override
  public String parent() {
    return CHAT;
  }

  @Override
  public Object command() {
    return new ChatCommand();
  }

  @Override
  public Integer call() throws Exception {
    MemoryMode mode;
    try {
      mode = MemoryMode.parse(memoryMode);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      return 2;
    }
    // the embedding model's native loaders log at INFO/WARN; a chat screen is not a server log
    if (org.slf4j.LoggerFactory.getLogger("ai.djl") instanceof ch.qos.logback.classic.Logger djl) {
      djl.setLevel(ch.qos.logback.classic.Level.ERROR);
    }
    String who = user != null ? user : System.getenv().getOrDefault("USER", "me");
    try (Chat chat = new Chat(db, who, mode)) {
      chat.run(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), System.out);
    }
    return 0;
  }
}
