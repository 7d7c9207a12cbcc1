/**
 * Chat messages ({@link dev.trellis.agent.message.Message}: human, AI with tool calls, tool, system,
 * remove), the {@code messages} reducer that adds, replaces and removes them by id
 * ({@link dev.trellis.agent.message.Messages}), and their LangChain wire shape.
 */
package dev.trellis.agent.message;
