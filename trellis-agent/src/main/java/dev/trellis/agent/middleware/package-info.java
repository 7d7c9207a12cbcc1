/**
 * Agent middleware (LangChain's): hooks before and after the agent and the model, and wrappers
 * around model and tool calls — call limits, retries, model fallback, summarisation, context
 * editing, tool selection, human approval and budgets — composed in list order.
 *
 * <p>Exported: applications choose and write middleware.
 */
package dev.trellis.agent.middleware;
