package dev.trellis.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.Programs;
import dev.trellis.core.StateGraph;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidUpdateException;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Send;
import dev.trellis.graph.Update;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pure halves of the engine, without threads: planning a step and applying its writes. */
class PlannerAndWriteApplierTest {
  static final Key<List<String>> LOG = Key.appending("log", String.class);
  static final Key<Integer> COUNT = Key.of("count", Integer.class);

  private static Program diamond() {
    return Programs.of(StateGraph.of(Schema.of(LOG, COUNT))
        .addNode("a", (s, rt) -> Update.empty())
        .addNode("b", (s, rt) -> Update.empty())
        .addNode("c", (s, rt) -> Update.empty())
        .addEdge(StateGraph.START, "a").addEdge("a", "b").addEdge("a", "c")
        .compile(CompileOptions.DEFAULT));
  }

  private static int slot(Program p, String name) {
    return p.slotByName.get(name);
  }

  @Test
  void freshFrameHasNoTasks() {
    assertTrue(Planner.prepare(Frame.empty(diamond()), 0, "", null).isEmpty());
  }

  @Test
  void writingATriggerSchedulesItsNodeOnce() {
    Program p = diamond();
    Frame f = Frame.empty(p);
    BitSet updated = WriteApplier.apply(f, List.of(StepTask.input(List.of(new Write(slot(p, "branch:to:b"), null),
        new Write(slot(p, "branch:to:c"), null)))));
    List<StepTask> tasks = Planner.prepare(f, 0, "", updated);
    assertEquals(List.of("b", "c"), tasks.stream().map(StepTask::name).toList());
    WriteApplier.apply(f, tasks);
    assertTrue(Planner.prepare(f, 1, "", null).isEmpty(), "ephemeral triggers clear after the step that read them");
  }

  @Test
  void writesApplyInTaskPathOrderNotListOrder() {
    Program p = diamond();
    Frame f = Frame.empty(p);
    WriteApplier.apply(f, List.of(StepTask.input(List.of(new Write(slot(p, "branch:to:b"), null),
        new Write(slot(p, "branch:to:c"), null)))));
    List<StepTask> tasks = Planner.prepare(f, 0, "", null);
    StepTask b = tasks.get(0);
    StepTask c = tasks.get(1);
    c.writes.add(new Write(slot(p, "log"), List.of("c")));
    b.writes.add(new Write(slot(p, "log"), List.of("b")));
    WriteApplier.apply(f, List.of(c, b));
    assertEquals(List.of("b", "c"), f.channels[slot(p, "log")].get());
  }

  @Test
  void pullTasksSortBeforePushTasks() {
    Program p = diamond();
    Frame f = Frame.empty(p);
    WriteApplier.apply(f, List.of(StepTask.input(List.of(new Write(p.tasksSlot, new Send("a", java.util.Map.of())),
        new Write(slot(p, "branch:to:c"), null)))));
    List<StepTask> tasks = Planner.prepare(f, 0, "", null);
    assertEquals(2, tasks.size());
    assertTrue(tasks.get(0).isPush(), "push tasks are planned first");
    List<StepTask> sorted = new java.util.ArrayList<>(tasks);
    java.util.Collections.sort(sorted);
    assertEquals("c", sorted.get(0).name(), "but their writes apply after pull tasks");
  }

  @Test
  void concurrentLastValueWritesNameChannelAndNodes() {
    Program p = diamond();
    Frame f = Frame.empty(p);
    WriteApplier.apply(f, List.of(StepTask.input(List.of(new Write(slot(p, "branch:to:b"), null),
        new Write(slot(p, "branch:to:c"), null)))));
    List<StepTask> tasks = Planner.prepare(f, 0, "", null);
    tasks.forEach(t -> t.writes.add(new Write(slot(p, "count"), 1)));
    InvalidUpdateException e = assertThrows(InvalidUpdateException.class, () -> WriteApplier.apply(f, tasks));
    assertTrue(e.getMessage().contains("\"count\""), e.getMessage());
    assertTrue(e.getMessage().contains("b, c"), e.getMessage());
    assertEquals(ErrorCode.INVALID_CONCURRENT_UPDATE, e.code());
  }

  @Test
  void versionsAdvanceByOnePerStep() {
    Program p = diamond();
    Frame f = Frame.empty(p);
    WriteApplier.apply(f, List.of(StepTask.input(List.of(new Write(slot(p, "count"), 1)))));
    assertEquals(1, f.versions[slot(p, "count")]);
    WriteApplier.apply(f, List.of(StepTask.input(List.of(new Write(slot(p, "count"), 2)))));
    assertEquals(2, f.versions[slot(p, "count")]);
  }

  @Test
  void taskIdsAreDeterministic() {
    assertEquals(TaskIds.of("cp", "", 3, "a", "pull", 0), TaskIds.of("cp", "", 3, "a", "pull", 0));
    assertTrue(!TaskIds.of("cp", "", 3, "a", "pull", 0).equals(TaskIds.of("cp", "", 4, "a", "pull", 0)));
  }
}
