/**
 * A phased tool pipeline for use inside a node: tools declare dependencies by name, run phase by
 * phase in parallel on virtual threads, are skipped when their input did not change
 * ({@link dev.trellis.pipeline.SkipStore}) and are aggregated into a {@link dev.trellis.pipeline.Bundle};
 * {@link dev.trellis.pipeline.SessionAssembler} runs a pipeline per session in the background.
 * Tools are declared in Java or read from a YAML registry.
 *
 * <p>Exported: nodes of applications (OpenCouch) run pipelines.
 */
package dev.trellis.pipeline;
