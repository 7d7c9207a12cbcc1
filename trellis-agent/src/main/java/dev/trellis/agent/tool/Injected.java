package dev.trellis.agent.tool;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a tool-method parameter the runtime fills instead of the model (LangGraph's injected
 * arguments and {@code ToolRuntime}); it is left out of the schema the model sees. By the
 * parameter's type: {@link ToolContext} (everything), {@code State} (the graph state),
 * {@code Store} (the long-term store), {@code StreamWriter} (the custom stream),
 * {@code Runtime}, or {@code Message.ToolCall} (the call itself); with a {@code value}, the
 * state value under that key.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Injected {
  /** A state key whose value to pass; empty to inject by type. */
  String value() default "";
}
