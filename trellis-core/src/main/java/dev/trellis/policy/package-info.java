/**
 * Node policies as immutable values — {@link dev.trellis.policy.RetryPolicy},
 * {@link dev.trellis.policy.TimeoutPolicy}, {@link dev.trellis.graph.CachePolicy} — applied in one
 * order (cache lookup, then retries, each attempt timed), and the injectable
 * {@link dev.trellis.policy.Sleeper} and {@link dev.trellis.policy.Timer} so tests advance time
 * instead of sleeping.
 *
 * <p>Exported: nodes and tasks are given retry and timeout policies, and tests inject sleepers and timers.
 */
package dev.trellis.policy;

