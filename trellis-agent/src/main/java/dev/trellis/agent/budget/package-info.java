/**
 * Token and cost limits for any node that calls a model: {@link dev.trellis.agent.budget.TokenBudget}
 * (per thread, checkpointed, and per run) priced by {@link dev.trellis.agent.budget.Prices}.
 *
 * <p>Exported: applications (RRC) and model adapters price and limit model calls.
 */
package dev.trellis.agent.budget;
