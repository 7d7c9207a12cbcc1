package dev.trellis.func;

import dev.trellis.runtime.Runtime;

/** The code of a durable {@link Task}: gets the argument and the call's runtime (interrupts, custom stream). */
@FunctionalInterface
public interface TaskFunction<A, R> {
  R apply(A arg, Runtime runtime) throws Exception;
}
