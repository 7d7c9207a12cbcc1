package dev.trellis.server;

import dev.trellis.server.api.Api;
import java.util.List;

/**
 * A graph a Trellis server serves, found with {@link java.util.ServiceLoader} (list the class in
 * {@code META-INF/services/dev.trellis.server.GraphProvider}) or named in a server config. The
 * reference applications are served this way; so are your own graphs.
 */
public interface GraphProvider extends GraphFactory {
  /** The graph id, which is also the id of its system assistant. */
  String graphId();

  /** HTTP routes the application mounts beside LangGraph's API on the same server (none by default). */
  default List<Api.Routes> routes() {
    return List.of();
  }
}
