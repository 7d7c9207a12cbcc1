package dev.trellis.server.route;

import io.javalin.config.RoutesConfig;

/**
 * Routes an application adds to the server ({@code TrellisServer.Builder.routes}, {@code
 * GraphProvider.routes}): registered after the built-in ones, behind the same authentication,
 * error replies and public ids.
 */
@FunctionalInterface
public interface Routes {
  /** Adds this application's routes to {@code r}. */
  void register(RoutesConfig r);
}
