package dev.trellis.graph;

/** What a node returns: a plain state {@link Update}, or a {@link Command} that also routes. */
public sealed interface NodeResult permits Update, Command {}
