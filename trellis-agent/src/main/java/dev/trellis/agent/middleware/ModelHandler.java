package dev.trellis.agent.middleware;

/** The rest of a model-call chain: the inner middleware, and finally the model itself. */
@FunctionalInterface
public interface ModelHandler {
  ModelResponse call(ModelRequest request) throws Exception;
}
