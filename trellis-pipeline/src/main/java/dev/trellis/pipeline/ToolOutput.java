package dev.trellis.pipeline;

/**
 * What a tool returned, with how complete it judged its result (0..1); the completeness
 * skip gate compares it with the pipeline's threshold on later runs.
 */
public record ToolOutput(Object value, double completeness) {
  public ToolOutput {
    if (completeness < 0 || completeness > 1 || Double.isNaN(completeness)) {
      throw new IllegalArgumentException("completeness must be within 0..1, got " + completeness);
    }
  }

  public static ToolOutput of(Object value, double completeness) {
    return new ToolOutput(value, completeness);
  }
}
