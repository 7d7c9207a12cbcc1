/**
 * The HTTP routes of LangGraph's server API (assistants, threads, runs, crons, store, MCP, A2A),
 * each a short handler over the queue and the database; the one exception handler; and the one
 * place the caller's public ids are applied to what goes out ({@code PublicIds}).
 *
 * <p>Internal (not exported): applications add routes through {@code dev.trellis.server.route}.
 */
package dev.trellis.server.api;
