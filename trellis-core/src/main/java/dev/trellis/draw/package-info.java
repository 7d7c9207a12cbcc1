/**
 * A compiled graph's shape as plain data ({@link dev.trellis.draw.GraphView}), and what is drawn
 * from it: Mermaid and Graphviz DOT text, SVG/PNG images through a local Graphviz, and the
 * JSON-ready manifest. All read the same view of what the engine runs, so none can drift.
 *
 * <p>Exported for {@code GraphView} (what {@code CompiledGraph.view()} returns) and {@code Images}; the servers' and apps' drawings are built on them.
 */
package dev.trellis.draw;
