package dev.trellis.runtime;

/**
 * A pending pause: {@code value} is what the node asked with; resume it with
 * {@code Command.resume} (or {@code Command.resumeById} using {@code id}).
 */
public record Interrupt(String id, Object value) {}
