package dev.trellis.pregel;

import dev.trellis.graph.Router;
import java.util.Map;

/** A compiled conditional edge: the router and its optional label → node path map. */
record Branch(Router router, Map<String, String> pathMap) {}
