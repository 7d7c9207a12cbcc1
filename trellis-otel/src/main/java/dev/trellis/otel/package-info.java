/**
 * OpenTelemetry for Trellis ({@link dev.trellis.otel.TrellisTelemetry}): a graph listener that traces
 * runs and their nodes and records run, step and node metrics, an agent middleware that traces model
 * and tool calls with the GenAI semantic conventions, and W3C trace-context helpers.
 */
package dev.trellis.otel;
