/**
 * What a running node reaches besides its state: {@link dev.trellis.runtime.Runtime} (the run's
 * context, interrupts, the store, where it is in the run), the custom stream
 * ({@link dev.trellis.runtime.StreamWriter}) and chat-model token streaming
 * ({@link dev.trellis.runtime.MessageStream}).
 *
 * <p>Exported: every node receives a {@code Runtime}.
 */
package dev.trellis.runtime;
