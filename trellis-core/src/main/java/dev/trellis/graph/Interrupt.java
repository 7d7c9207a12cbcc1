package dev.trellis.graph;

/**
 * A pending pause: {@code value} is what the node asked with; resume it with
 * {@link Command#resume} (or {@link Command#resumeById} using {@code id}).
 */
public record Interrupt(String id, Object value) {}
