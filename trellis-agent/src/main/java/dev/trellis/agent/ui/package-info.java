/**
 * Generative UI (LangGraph's {@code push_ui_message}): nodes push UI components with props that
 * LangGraph's {@code useStream} renders, kept in state and streamed on the custom stream.
 */
package dev.trellis.agent.ui;
