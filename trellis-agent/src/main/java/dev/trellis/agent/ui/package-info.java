/**
 * Generative UI (LangGraph's {@code push_ui_message}): nodes push UI components with props that
 * LangGraph's {@code useStream} renders, kept in state and streamed on the custom stream.
 *
 * <p>Exported: nodes push UI messages, and the server streams them.
 */
package dev.trellis.agent.ui;
