/**
 * LangGraph's wire format, below every other server layer: the server's JSON ({@code Json}), the
 * shapes of states, checkpoints and interrupts ({@code Wire}), the engine's stream parts as SSE
 * events ({@code StreamEncoder}, {@code MessageEvents}), errors as run results ({@code WireError}),
 * and {@code StreamModes}, the one place that decides which stream modes exist and what each emits.
 *
 * <p>Internal (not exported): routes answer through the exported {@code Http} helper, which writes
 * this JSON; the request body parser ({@code RequestBody}) lives here so the exported
 * helpers and the internal handlers share it.
 */
package dev.trellis.server.wire;
