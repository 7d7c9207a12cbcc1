/**
 * LangGraph's wire format, below every other server layer: the server's JSON mapper, the wire
 * shapes of threads, checkpoints and interrupts, stream parts encoded as SSE events (one place
 * decides which stream modes exist and what they emit), and failed runs' errors with LangGraph's
 * error names.
 */
package dev.trellis.server.wire;
