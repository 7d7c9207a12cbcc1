package dev.trellis.client;

import java.util.List;
import java.util.Map;

/** A store item; {@code score} is the similarity of a semantic search hit, else null. */
public record Item(List<String> namespace, String key, Map<String, Object> value, String createdAt, String updatedAt,
                   Double score) {}
