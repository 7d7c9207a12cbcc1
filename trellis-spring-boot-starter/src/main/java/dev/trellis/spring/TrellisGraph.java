package dev.trellis.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The graph id a graph bean ({@code CompiledGraph}, {@code StateGraph} or {@code GraphFactory}) is
 * served under, instead of its bean name: what clients pass as {@code assistant_id}/{@code graph_id}.
 *
 * <pre>{@code
 * @Bean
 * @TrellisGraph("support-agent")
 * CompiledGraph support() { ... }
 * }</pre>
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface TrellisGraph {
  /** The graph id. */
  String value();
}
