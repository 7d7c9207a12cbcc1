package dev.trellis.checkpoint;

import java.util.Map;
import java.util.Objects;

/**
 * A snapshot of a graph's channels after one superstep.
 *
 * <p>{@code channelValues} holds the checkpointed value of every channel that has one;
 * {@code channelVersions} the version each channel last changed at; {@code versionsSeen}
 * per node the versions of its trigger channels when it last ran. Values are treated as
 * immutable: savers may keep references or serialized copies.
 */
public record Checkpoint(
    String id,
    String ts,
    Map<String, Object> channelValues,
    Map<String, Long> channelVersions,
    Map<String, Map<String, Long>> versionsSeen) {
  public Checkpoint {
    Objects.requireNonNull(id, "id");
    // Channel values may be null (a trigger written with no payload), which Map.copyOf rejects.
    channelValues = java.util.Collections.unmodifiableMap(new java.util.HashMap<>(channelValues));
    channelVersions = Map.copyOf(channelVersions);
    versionsSeen = Map.copyOf(versionsSeen);
  }
}
