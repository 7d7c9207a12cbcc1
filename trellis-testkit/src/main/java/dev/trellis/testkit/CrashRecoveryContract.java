package dev.trellis.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.graph.RunConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A JVM running a graph is killed with SIGKILL in the middle of a step, after one of two
 * parallel tasks finished; resuming the thread in another JVM must not run the finished
 * task again and must lose none of its writes. A saver's test extends this.
 */
public abstract class CrashRecoveryContract {

  /** A {@code Function<String, CheckpointSaver>} class with a no-arg constructor. */
  protected abstract String factoryClass();

  /** Where the saver keeps its data (a file path, a JDBC URL); given to the factory. */
  protected abstract String location(Path dir);

  @Test
  void killNineMidStepLosesNoCompletedWork() throws Exception {
    Path dir = Files.createTempDirectory("trellis-crash");
    String location = location(dir);
    String thread = "crash-" + UUID.randomUUID();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        CrashHarness.class.getName(), factoryClass(), location, thread, dir.toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
    CheckpointSaver saver = CrashHarness.saver(factoryClass(), location);
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      boolean ready = false;
      while (!ready && System.nanoTime() < deadline && child.isAlive()) {
        Thread.sleep(50);
        if (Files.exists(dir.resolve("slow-started")) && Files.exists(dir.resolve("fast-runs"))) {
          CheckpointTuple t = saver.getTuple(dev.trellis.checkpoint.CheckpointConfig.thread(thread));
          ready = t != null && t.pendingWrites().stream().anyMatch(w -> w.channel().equals("log"));
        }
      }
      assertTrue(ready, "the child never reached the middle of the step: " + Files.readString(dir.resolve("child.log")));
      child.destroyForcibly(); // SIGKILL: no shutdown hooks, no finally blocks
      assertTrue(child.waitFor(30, TimeUnit.SECONDS));
      assertEquals(137, child.exitValue(), "the child must die by SIGKILL");

      Files.writeString(dir.resolve("release"), "go");
      RunConfig cfg = RunConfig.thread(thread);
      assertEquals(List.of("slow"), CrashHarness.graph(saver, dir).getState(cfg).next());
      List<String> log = CrashHarness.graph(saver, dir).invoke(null, cfg).get(CrashHarness.LOG);
      assertEquals(List.of("fast", "slow", "join"), log);
      assertEquals(1, Files.readAllLines(dir.resolve("fast-runs")).size(), "the finished task ran again");
    } finally {
      child.destroyForcibly();
      if (saver instanceof AutoCloseable c) {
        c.close();
      }
    }
  }
}
