package dev.trellis.pipeline;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How a {@link ToolPipeline} runs one tool: seed 000's {@code PipelineToolConfig} (name,
 * dependencies, inject_inputs, defaults, max_retries, retry_backoff, timeout, optional).
 * {@link ToolRegistry} reads these from YAML with the seed's defaults; {@link #named} starts
 * from none (no retries, no timeout).
 *
 * @param dependsOn tools that must finish (in an earlier phase) before this one
 * @param injectInputs output keys of earlier phases passed in as arguments of the same name
 *     (e.g. {@code signal_summary}); see {@link ToolPipeline} for how outputs aggregate
 * @param defaults argument defaults; merge order is defaults &lt; injected &lt; caller overrides
 * @param maxRetries extra attempts after a retryable failure (timeouts, transport errors, 5xx)
 * @param backoff wait before the first retry, doubled for each further one
 * @param timeout limit per attempt (null: none)
 * @param optional a failure degrades the bundle instead of failing it
 */
public record PipelineToolSpec(String name, Set<String> dependsOn, List<String> injectInputs, Map<String, Object> defaults,
                       int maxRetries, Duration backoff, Duration timeout, boolean optional) {
  public PipelineToolSpec {
    Objects.requireNonNull(name, "name");
    dependsOn = Set.copyOf(dependsOn == null ? Set.of() : dependsOn);
    injectInputs = List.copyOf(injectInputs == null ? List.of() : injectInputs);
    defaults = Map.copyOf(defaults == null ? Map.of() : defaults);
    backoff = backoff == null ? Duration.ZERO : backoff;
    if (maxRetries < 0) {
      throw new IllegalArgumentException("tool \"" + name + "\": maxRetries must be >= 0, got " + maxRetries);
    }
  }

  /** A required tool with no dependencies, retries or timeout. */
  public static PipelineToolSpec named(String name) {
    return new PipelineToolSpec(name, Set.of(), List.of(), Map.of(), 0, Duration.ZERO, null, false);
  }

  public PipelineToolSpec dependsOn(String... tools) {
    return new PipelineToolSpec(name, Set.of(tools), injectInputs, defaults, maxRetries, backoff, timeout, optional);
  }

  /** Injects these output keys of earlier phases. */
  public PipelineToolSpec inject(String... keys) {
    return new PipelineToolSpec(name, dependsOn, List.of(keys), defaults, maxRetries, backoff, timeout, optional);
  }

  public PipelineToolSpec defaults(Map<String, Object> d) {
    return new PipelineToolSpec(name, dependsOn, injectInputs, d, maxRetries, backoff, timeout, optional);
  }

  public PipelineToolSpec retries(int max, Duration firstBackoff) {
    return new PipelineToolSpec(name, dependsOn, injectInputs, defaults, max, firstBackoff, timeout, optional);
  }

  public PipelineToolSpec timeout(Duration t) {
    return new PipelineToolSpec(name, dependsOn, injectInputs, defaults, maxRetries, backoff, t, optional);
  }

  /** The same tool, optional: its failure degrades the bundle instead of failing it. */
  public PipelineToolSpec asOptional() {
    return new PipelineToolSpec(name, dependsOn, injectInputs, defaults, maxRetries, backoff, timeout, true);
  }
}
