package dev.trellis.client;

import java.util.Map;

/**
 * A cron job: runs {@code payload} (an assistant and its run request) on {@code schedule},
 * on its own thread when {@code threadId} is set, else on a new thread each time.
 */
public record Cron(String cronId, String assistantId, String threadId, String schedule, String endTime,
                   Map<String, Object> payload, Map<String, Object> metadata, String nextRunDate, Boolean enabled,
                   String createdAt, String updatedAt) {}
