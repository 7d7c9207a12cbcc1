package dev.trellis.agent.middleware;

/**
 * What a limit middleware does once a limit is reached: {@code END} the run with an AI
 * message saying why, raise an {@code ERROR}, or (tool-call limits only) {@code CONTINUE},
 * answering the blocked calls with error messages and letting the others run.
 */
public enum ExitBehavior { END, ERROR, CONTINUE }
