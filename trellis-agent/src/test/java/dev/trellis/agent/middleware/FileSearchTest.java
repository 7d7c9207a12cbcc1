package dev.trellis.agent.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.State;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * glob_search and grep_search under a root. The expected outputs for the tree below were checked
 * against LangChain 1.4.2's FilesystemFileSearchMiddleware (use_ripgrep=False) on the same tree.
 */
class FileSearchTest {
  @TempDir Path dir;
  Path root;
  Path outside;
  FileSearch search;

  @BeforeEach
  void tree() throws IOException {
    root = Files.createDirectories(dir.resolve("root"));
    outside = Files.createDirectories(dir.resolve("outside"));
    write("README.md", "# Demo\nTODO: write docs\n", 1_000);
    write("src/App.java", "class App {\n  // TODO fix\n  int todo;\n}\n", 3_000);
    write("src/util/Strings.java", "class Strings {}\n", 2_000);
    write("web/app.ts", "const x = 1; // TODO\n", 4_000);
    write("web/app.tsx", "export {}\n", 5_000);
    write(".hidden/notes.txt", "TODO hidden\n", 6_000);
    Files.write(root.resolve("blob.bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 'T', 'O', 'D', 'O'});
    Files.writeString(outside.resolve("secret.txt"), "TODO password=hunter2\n");
    search = new FileSearch(root);
  }

  void write(String rel, String text, long mtime) throws IOException {
    Path p = root.resolve(rel);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
    Files.setLastModifiedTime(p, FileTime.fromMillis(mtime * 1000));
  }

  @Test
  void globFindsFilesNewestFirstWithDoubleStarSpanningZeroDirectories() throws IOException {
    assertEquals("/src/App.java\n/src/util/Strings.java", search.glob("**/*.java", "/"));
    assertEquals("/web/app.tsx\n/web/app.ts", search.glob("*.ts*", "/web"));
    assertEquals("/README.md", search.glob("*.md", "/"));
    assertEquals("/src/util/Strings.java", search.glob("util/*", "src"));
    assertEquals("No files found", search.glob("**", "/"), "a trailing ** matches directories, and only files are listed");
  }

  @Test
  void grepReportsFilesLinesOrCounts() throws IOException {
    assertEquals("/.hidden/notes.txt\n/README.md\n/src/App.java\n/web/app.ts", search.grep("TODO", "/", null, "files_with_matches"));
    assertEquals("/src/App.java:2:  // TODO fix\n/src/App.java:3:  int todo;", search.grep("(?i)todo", "/src", null, "content"));
    assertEquals("/README.md:1\n/src/App.java:1", search.grep("TODO", "/", "*.{md,java}", "count"));
    assertEquals("No matches found", search.grep("nothing-like-this", "/", null, "content"));
  }

  @Test
  void badPatternsAnswerWithAnError() throws IOException {
    assertTrue(search.grep("(", "/", null, "content").startsWith("Invalid regex pattern: "));
    assertEquals("Invalid include pattern", search.grep("x", "/", "*.{md", "content"));
    assertEquals("Invalid include pattern", search.grep("x", "/", "a}", "content"));
  }

  @Test
  void pathTraversalIsRefused() throws IOException {
    assertEquals("No files found", search.glob("*", "/../outside"));
    assertEquals("No files found", search.glob("*", "~"));
    assertEquals("No files found", search.glob("../outside/*", "/"));
    assertEquals("No files found", search.glob("/etc/*", "/"));
    assertEquals("No matches found", search.grep("TODO", "../outside", null, "content"));
  }

  @Test
  void symbolicLinksLeadingOutOfTheRootAreNeverFollowed() throws IOException {
    Files.createSymbolicLink(root.resolve("leak.txt"), outside.resolve("secret.txt"));
    Files.createSymbolicLink(root.resolve("out"), outside);
    assertEquals("No files found", search.glob("**/*.txt", "/out"), "a link to a directory outside is no base");
    assertEquals("No matches found", search.grep("password", "/", null, "content"));
    assertEquals("/.hidden/notes.txt", search.glob("**/*.txt", "/"));
    assertEquals("No matches found", search.grep("hunter2", "/out", null, "content"));
  }

  @Test
  void binaryAndOversizedFilesAreSkipped() throws IOException {
    assertEquals("No matches found", search.grep("TODO", "/", "*.bin", "content"));
    assertEquals("No matches found", new FileSearch(root, 0).grep("TODO", "/", null, "content"));
  }

  @Test
  void aRootThatIsNoDirectoryIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new FileSearch(root.resolve("README.md")));
    assertThrows(IllegalArgumentException.class, () -> new FileSearch(root.resolve("missing")));
  }

  @Test
  void theAgentOffersBothToolsAndTheModelSeesVirtualPaths() {
    ScriptedChatModel model = ScriptedChatModel.replies(
        new Message.Ai(null, "", List.of(new Message.ToolCall("g", "glob_search", Map.of("pattern", "**/*.md"))), null),
        Message.ai("found it"));
    State out = Agent.builder(model).middleware(search).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("docs?"))));
    assertEquals(List.of("glob_search", "grep_search"), model.requests().getFirst().tools().stream().map(t -> t.name()).toList());
    @SuppressWarnings("unchecked")
    List<Message> m = (List<Message>) out.get("messages");
    assertEquals("/README.md", m.get(2).text());
  }
}
