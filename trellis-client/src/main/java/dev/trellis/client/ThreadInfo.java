package dev.trellis.client;

import java.util.List;
import java.util.Map;

/**
 * A thread as the server lists it (LangGraph's {@code Thread}): its status ({@code idle},
 * {@code busy}, {@code interrupted}, {@code error}), metadata, latest values and pending
 * interrupts by task id.
 */
public record ThreadInfo(String threadId, String createdAt, String updatedAt, Map<String, Object> metadata,
                         String status, Map<String, Object> values, Map<String, List<Interrupt>> interrupts) {}
