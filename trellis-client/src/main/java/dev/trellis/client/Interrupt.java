package dev.trellis.client;

/** A pause a node asked for: the value it showed, and the id to resume it by ({@code Command.resumeById}). */
public record Interrupt(Object value, String id) {}
