/**
 * Token and cost limits for any node that calls a model: {@link dev.trellis.agent.budget.TokenBudget}
 * (per thread, checkpointed, and per run) priced by {@link dev.trellis.agent.budget.Prices}.
 */
package dev.trellis.agent.budget;
