/**
 * A graph's topology declared as data ({@link dev.trellis.spec.TopologySpec}: typed stages and
 * typed edges, in Java, JSON or YAML), from which a {@link dev.trellis.core.StateGraph} is wired, so
 * the spec, the drawing and the graph that runs come from one source.
 *
 * <p>Exported: applications (Neura) declare their topology as a spec.
 */
package dev.trellis.spec;
