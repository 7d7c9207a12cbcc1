package dev.trellis.client;

import java.util.Map;

/** An assistant: a graph with its configuration, as the server stores it (one version of it). */
public record Assistant(String assistantId, String graphId, Map<String, Object> config, Map<String, Object> context,
                        Map<String, Object> metadata, int version, String name, String description, String createdAt,
                        String updatedAt) {}
