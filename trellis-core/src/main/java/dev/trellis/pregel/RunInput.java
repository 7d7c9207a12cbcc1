package dev.trellis.pregel;

import dev.trellis.checkpoint.PendingWrite;
import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.error.AmbiguousResumeException;
import dev.trellis.error.EmptyInputException;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InputViolation;
import dev.trellis.error.InvalidGraphException;
import dev.trellis.error.InvalidInputException;
import dev.trellis.error.InvalidUpdateException;
import dev.trellis.error.TrellisException;
import dev.trellis.graph.Command;
import dev.trellis.graph.InputValidator;
import dev.trellis.graph.Send;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run was given, checked and turned into writes: an input's values (for the hidden
 * {@code __start__} node), or a {@link Command}'s gotos, resume value and update as
 * run-level pending writes. Fails naming the unknown node or key.
 */
final class RunInput {
  private RunInput() {}

  /** A Command given as run input, as run-level writes; {@code resumeById} is set when it resumes interrupts by id. */
  record CommandWrites(List<PendingWrite> writes, Map<String, Object> resumeById) {}

  /** The values of a run input (an Update, a State or a Map). */
  static Map<String, Object> values(Object input) {
    if (input instanceof Update u) {
      return u.values();
    }
    if (input instanceof State s) {
      return s.toMap();
    }
    if (input instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), v));
      return out;
    }
    throw new InvalidUpdateException(ErrorCode.INVALID_INPUT, "run input must be an Update, a Map, a State, a Command or null; got "
        + input.getClass().getName());
  }

  /** The {@code __start__} node's result: the input's values, each checked to be an input key. */
  static Update startUpdate(Program program, Object input) {
    Map<String, Object> in = values(input);
    checkInputKeys(program, in);
    return Update.of(in);
  }

  private static void checkInputKeys(Program program, Map<String, Object> in) {
    for (String k : in.keySet()) {
      Integer slot = program.slotByName.get(k);
      if (slot != null && slot < program.stateCount && !program.inputKey[slot]) {
        throw new InvalidUpdateException(ErrorCode.NOT_AN_INPUT, "key \"" + k + "\" is not an input of graph \""
            + program.name + "\" (inputs: " + String.join(", ", program.inputKeyNames()) + ")");
      }
    }
  }

  /**
   * Refuses a top-level run's input that breaks the graph's declared constraints, before the
   * input checkpoint is written (so a refused input leaves the thread as it was).
   */
  static void validate(Program program, Map<String, Object> values) {
    checkInputKeys(program, values);
    InputValidator validator = program.types().inputValidator();
    if (validator != null) {
      List<InputViolation> violations = validator.validate(values);
      if (!violations.isEmpty()) {
        throw new InvalidInputException(program.name, violations);
      }
    }
  }

  /**
   * The writes of {@code cmd} given as run input.
   *
   * @param canResume whether the graph has a checkpointer
   * @param pending the writes saved with the checkpoint being resumed
   */
  static CommandWrites of(Command cmd, Program program, boolean canResume, PendingWrites pending) {
    if (cmd.toParent()) {
      throw new InvalidUpdateException(ErrorCode.NO_PARENT_GRAPH, "Command.toParentGraph() given as run input: there is no parent graph");
    }
    List<PendingWrite> writes = new ArrayList<>();
    Map<String, Object> resumeById = null;
    for (Object g : cmd.gotos()) {
      if (g instanceof Send s) {
        writes.add(new PendingWrite(PendingWrite.NULL_TASK_ID, ReservedNames.TASKS, s));
      } else if (!ReservedNames.END.equals(g)) {
        if (!program.hasNode((String) g) || ReservedNames.START.equals(g)) {
          throw new InvalidGraphException(ErrorCode.UNKNOWN_NODE, "Command goto \"" + g + "\": no such node (nodes: "
              + String.join(", ", program.nodeNames()) + ")");
        }
        writes.add(new PendingWrite(PendingWrite.NULL_TASK_ID, ReservedNames.branchTo((String) g), ReservedNames.START));
      }
    }
    if (cmd.resume() != null) {
      if (!canResume) {
        throw new TrellisException(ErrorCode.NO_CHECKPOINTER, "Command.resume needs a graph compiled with a checkpointer");
      }
      if (cmd.resume() instanceof Map<?, ?> m && !m.isEmpty() && m.keySet().stream().allMatch(RunInput::isInterruptId)) {
        resumeById = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
          resumeById.put((String) e.getKey(), e.getValue());
        }
      } else {
        int n = pending.interruptCount();
        if (n > 1) {
          throw new AmbiguousResumeException(n);
        }
        writes.add(new PendingWrite(PendingWrite.NULL_TASK_ID, PendingWrite.RESUME, cmd.resume()));
      }
    }
    for (Map.Entry<String, Object> e : cmd.update().values().entrySet()) {
      Integer slot = program.slotByName.get(e.getKey());
      if (slot == null || slot >= program.stateCount) {
        throw new InvalidUpdateException(ErrorCode.UNKNOWN_KEY, "Command update key \"" + e.getKey()
            + "\" is not in the state schema (keys: " + String.join(", ", program.stateKeys()) + ")");
      }
      writes.add(new PendingWrite(PendingWrite.NULL_TASK_ID, e.getKey(), e.getValue()));
    }
    if (writes.isEmpty() && resumeById == null) {
      throw new EmptyInputException("empty Command input: give resume, update or goto");
    }
    return new CommandWrites(writes, resumeById);
  }

  private static boolean isInterruptId(Object k) {
    return k instanceof String s && s.length() == 32 && s.chars().allMatch(c -> Character.digit(c, 16) >= 0);
  }
}
