package dev.trellis.pregel;

import dev.trellis.graph.Router;
import java.util.Map;

/** A compiled conditional edge: its condition name (for manifests and drawings), the router and its optional label → node path map. */
record Branch(String name, Router router, Map<String, String> pathMap) {}
