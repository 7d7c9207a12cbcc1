package dev.trellis.client;

import java.util.List;
import java.util.Map;

/**
 * A task due at a checkpoint: the node, the error it failed with last time (or null), the
 * interrupts it is paused on, and for a subgraph its own state when asked for (else null).
 */
public record ThreadTask(String id, String name, String error, List<Interrupt> interrupts, Map<String, Object> state,
                         Object result) {}
