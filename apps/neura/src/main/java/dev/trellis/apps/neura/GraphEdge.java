package dev.trellis.apps.neura;

import dev.trellis.spec.EdgeType;
import dev.trellis.spec.SpecEdge;
import java.util.Objects;

/**
 * One edge of the turn's topology (seed 000's frozen {@code GraphEdge}): a conditional edge, and
 * only it, carries the {@link EdgeCondition} under which it is taken.
 */
public record GraphEdge(StageId source, StageId target, EdgeType type, EdgeCondition condition) {
  public GraphEdge {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(type, "type");
    if ((type == EdgeType.CONDITIONAL) != (condition != null)) {
      throw new IllegalArgumentException("edge " + source.id() + " → " + target.id() + " (" + type
          + "): conditional edges, and only they, carry a condition");
    }
  }

  /** An unconditional edge. */
  public static GraphEdge of(StageId source, StageId target, EdgeType type) {
    return new GraphEdge(source, target, type, null);
  }

  /** A conditional edge taken when {@code condition} holds. */
  public static GraphEdge when(StageId source, StageId target, EdgeCondition condition) {
    return new GraphEdge(source, target, EdgeType.CONDITIONAL, condition);
  }

  /** This edge as the library's spec edge: a condition becomes the shared router's label. */
  SpecEdge toSpecEdge() {
    return condition == null ? SpecEdge.of(source.id(), target.id(), type)
        : SpecEdge.conditional(source.id(), target.id(), EdgeCondition.ROUTER, condition.value());
  }
}
