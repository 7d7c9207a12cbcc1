/**
 * Personal-data detection for agents ({@link dev.trellis.agent.middleware.pii.Pii}, LangChain's
 * {@code PIIMiddleware}): the built-in detectors, custom ones, and the strategies applied to what
 * they find.
 *
 * <p>Exported: applications configure PII handling.
 */
package dev.trellis.agent.middleware.pii;
