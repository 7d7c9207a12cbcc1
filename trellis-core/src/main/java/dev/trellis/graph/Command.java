package dev.trellis.graph;

import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidUpdateException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A node result (or run input) that updates state and chooses where to go next.
 *
 * <p>Returned from a node: {@code update} is applied like an {@link Update}, {@code gotos}
 * (node names or {@link Send}s) run in the next step in addition to the node's edges;
 * with {@code toParent} both apply to the parent graph instead. Given as run input:
 * {@code resume} answers pending interrupts (a Map of interrupt id → value answers
 * several), {@code update} is applied before the run continues, {@code gotos} start nodes.
 */
public record Command(Update update, List<Object> gotos, Object resume, boolean toParent) implements NodeResult {
  public Command {
    update = update == null ? Update.empty() : update;
    gotos = List.copyOf(gotos == null ? List.of() : gotos);
    for (Object g : gotos) {
      if (!(g instanceof String) && !(g instanceof Send)) {
        throw new InvalidUpdateException(ErrorCode.INVALID_COMMAND, "Command goto takes node names or Sends, got "
            + (g == null ? "null" : g.getClass().getName() + " " + g));
      }
    }
  }

  /** Go to the given nodes (names or {@link Send}s) next. */
  public static Command goTo(Object... targets) {
    return new Command(Update.empty(), Arrays.asList(targets), null, false);
  }

  /** Resume the one pending interrupt with {@code value}. */
  public static Command resume(Object value) {
    return new Command(Update.empty(), List.of(), Objects.requireNonNull(value, "resume value"), false);
  }

  /** Resume several pending interrupts by id. */
  public static Command resumeById(Map<String, ?> valuesById) {
    return new Command(Update.empty(), List.of(), Map.copyOf(valuesById), false);
  }

  /** Only an update. */
  public static Command update(Update update) {
    return new Command(update, List.of(), null, false);
  }

  public Command withUpdate(Update newUpdate) {
    return new Command(newUpdate, gotos, resume, toParent);
  }

  public Command withGoto(Object... targets) {
    return new Command(update, Arrays.asList(targets), resume, toParent);
  }

  /** The same command aimed at the parent graph (from inside a subgraph). */
  public Command toParentGraph() {
    return new Command(update, gotos, resume, true);
  }
}
