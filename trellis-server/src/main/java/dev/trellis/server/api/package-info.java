/**
 * The HTTP routes of LangGraph's server API (assistants, threads, runs, crons, store, MCP), each a
 * short handler over the queue and the database, with request parsing and JSON replies.
 *
 * <p>Exported because applications add routes of their own ({@code Api.Routes}) and answer with
 * its helpers ({@code Http}, {@code ApiException}); the handlers themselves are not for users.
 */
package dev.trellis.server.api;
