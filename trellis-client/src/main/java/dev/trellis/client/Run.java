package dev.trellis.client;

import java.util.Map;

/**
 * A run: its thread, assistant and status ({@code pending}, {@code running}, {@code success},
 * {@code error}, {@code timeout}, {@code interrupted}), the metadata it was given and the
 * request it was created from ({@code kwargs}).
 */
public record Run(String runId, String threadId, String assistantId, String createdAt, String updatedAt, String status,
                  Map<String, Object> metadata, Map<String, Object> kwargs, String multitaskStrategy) {}
