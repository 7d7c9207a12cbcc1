/**
 * The functional API (LangGraph's {@code @entrypoint} and {@code @task}): a workflow written as plain
 * Java ({@link dev.trellis.func.Entrypoint}) whose durable {@link dev.trellis.func.Task}s are
 * checkpointed as they finish, so a resumed workflow gets their saved results instead of running
 * them again. It compiles to the same engine as a {@link dev.trellis.core.StateGraph}.
 *
 * <p>Exported: applications write workflows with it.
 */
package dev.trellis.func;
