/**
 * Tools an agent calls: {@link dev.trellis.agent.tool.Tool} (a spec for the model and the code, built
 * from a lambda or an annotated method), {@link dev.trellis.agent.tool.ToolNode} that runs a turn's
 * calls in parallel, interceptors around each call, and the router after a model node.
 *
 * <p>Exported: applications declare tools and tool adapters build them.
 */
package dev.trellis.agent.tool;
