/**
 * A persistent shell the agent can use ({@link dev.trellis.agent.middleware.shell.ShellTool},
 * LangChain's {@code ShellToolMiddleware}) and where its commands run: on this host under
 * limits ({@link dev.trellis.agent.middleware.shell.HostExecutionPolicy}) or in a Docker
 * container ({@link dev.trellis.agent.middleware.shell.DockerExecutionPolicy}).
 *
 * <p>Exported: applications give agents a shell and choose where it runs.
 */
package dev.trellis.agent.middleware.shell;
