/**
 * The HTTP routes of LangGraph's server API (assistants, threads, runs, crons, store, MCP), each a
 * short handler over the queue and the database, with request parsing and JSON replies.
 */
package dev.trellis.server.api;
