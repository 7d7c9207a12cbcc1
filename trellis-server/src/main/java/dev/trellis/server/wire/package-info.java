/**
 * LangGraph's wire format, below every other server layer: the server's JSON ({@code Json}), the
 * shapes of states, checkpoints and interrupts ({@code Wire}), the engine's stream parts as SSE
 * events ({@code StreamEncoder}, {@code MessageEvents}), errors as run results ({@code WireError}),
 * and {@code StreamModes}, the one place that decides which stream modes exist and what each emits.
 *
 * <p>Exported because it is what the routes answer in: an application's route writes the same JSON
 * ({@code Json}) and states ({@code Wire}) as the built-in ones.
 */
package dev.trellis.server.wire;
