/**
 * Channels: one piece of graph state each, with its update rule (last value, reducer, topic,
 * barrier, ephemeral...). The engine creates and owns them per run; applications meet this
 * package through {@link dev.trellis.channel.Overwrite}, which replaces a reducer key's value
 * instead of reducing into it.
 *
 * <p>Exported for {@code Overwrite} and its conflict error; the kinds are public because keys create them ({@code Key.newChannel}) for the engine.
 */
package dev.trellis.channel;
