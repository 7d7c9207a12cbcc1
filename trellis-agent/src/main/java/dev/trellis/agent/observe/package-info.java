/**
 * Observation of the chat-model and tool calls the agent layer makes, for tracing and metrics
 * without a dependency here: {@link dev.trellis.agent.observe.CallObserver} is the SPI
 * (trellis-otel implements it with OpenTelemetry's GenAI conventions),
 * {@link dev.trellis.agent.observe.Observed} the one door every call goes through.
 *
 * <p>Exported: trellis-otel (or an application) implements the SPI; model adapters and
 * middleware call through {@code Observed}.
 */
package dev.trellis.agent.observe;
