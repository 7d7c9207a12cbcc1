package dev.trellis.func;

/**
 * The body of an {@link Entrypoint}: ordinary Java that calls durable tasks through the
 * context. Return the output, or {@link Entrypoint#finalValue} to save something other
 * than the output for the next run. The body re-runs from its start when resumed, so keep
 * side effects inside tasks.
 */
@FunctionalInterface
public interface Workflow<I, O> {
  Object run(I input, WorkflowContext context) throws Exception;
}
