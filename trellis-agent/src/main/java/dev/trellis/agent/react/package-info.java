/**
 * The prebuilt ReAct agent ({@link dev.trellis.agent.react.ReactAgent}): the model answers or calls
 * tools until it answers without calling tools, with optional hooks, a structured final answer and
 * a {@link dev.trellis.agent.react.Budget}.
 */
package dev.trellis.agent.react;
