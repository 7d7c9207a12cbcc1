/**
 * The phased tool pipeline, a library on top of the graph runtime: a node that must gather
 * context from several tools (some depending on others' output) declares them once, and the
 * pipeline runs them phase by phase, skips those whose input did not change, and aggregates
 * what they returned. See this module's README.
 */
module dev.trellis.pipeline {
  requires transitive dev.trellis.core;
  requires com.fasterxml.jackson.databind;
  requires com.fasterxml.jackson.dataformat.yaml;
  requires org.slf4j;

  exports dev.trellis.pipeline;
}
