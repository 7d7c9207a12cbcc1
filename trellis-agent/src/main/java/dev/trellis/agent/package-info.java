/**
 * Agents with middleware (LangChain's {@code create_agent}): {@link dev.trellis.agent.Agent} is built
 * from a model, tools and middleware and laid out as a {@link dev.trellis.core.StateGraph}, so it
 * checkpoints, streams, pauses and resumes like any graph.
 *
 * <p>Exported: applications build their agents here.
 */
package dev.trellis.agent;
